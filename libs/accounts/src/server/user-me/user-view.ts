import type { ProfileBilling } from '@ticketing/accounts/domain';
import type { Account } from '../read-models/account.query.js';
import type { UserDto } from './user.dto.js';

function billingDetails(billing: ProfileBilling): UserDto['profile'] extends infer P ? (P extends { billingDetails: infer B } ? B : never) : never {
  const italian = billing.italianEInvoicing;
  const reference = italian ? (italian.referenceType === 'PEC' ? italian.pec : italian.referenceType === 'ADDRESSEE_CODE' ? italian.addresseeCode : null) : null;
  return {
    companyName: billing.companyName,
    addressLine1: billing.addressLine1,
    addressLine2: billing.addressLine2,
    zip: billing.zip,
    city: billing.city,
    state: billing.state,
    country: billing.country,
    taxId: billing.taxId,
    invoicingAdditionalInfo: {
      italianEInvoicing: italian && { ...italian, reference, referenceTypeAsString: italian.referenceType, empty: false },
      empty: italian === null,
    },
    hasTaxId: Boolean(billing.taxId),
  };
}

/**
 * Reference 2 `User`: the names saved on the profile (else the provider's), the account's e-mail, and the profile
 * the booking step prefills from (contact, billing details, additional data, whether the company has no VAT number).
 */
export function userView(account: Account): UserDto {
  const { profile } = account;
  return {
    firstName: profile?.firstName || account.firstName,
    lastName: profile?.lastName || account.lastName,
    emailAddress: account.email,
    profile: profile && {
      billingDetails: billingDetails(profile.billing),
      additionalData: Object.fromEntries(
        Object.entries(profile.additionalData).map(([name, values]) => [name, { label: { ...profile.additionalLabels?.[name] }, values: [...values] }]),
      ),
      // BillingDetails has no place for it (nor has alf.io's): without it the form would ask for the VAT number again
      skipVatNr: profile.billing.skipVatNr,
    },
    external: true,
  };
}
