import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { handleCommand } from '@ticketing/event-store';
import { provenance, type RuleViolation } from '@ticketing/kernel';
import { userStreamId } from '@ticketing/accounts/contracts';
import { decideSaveProfile, type ProfileBilling, type UserProfile } from '@ticketing/accounts/domain';
import { ACCOUNTS_OPTIONS, type AccountsOptions, type ProfileFormInput } from '../tokens.js';
import { loadUser, userToLog } from '../users/user-log.js';

export interface SaveProfileOutcome {
  readonly errors: readonly RuleViolation[];
  readonly warnings: readonly RuleViolation[];
}

/** The signed-in user saves "my profile"; the e-mail in `form` is already the account's. */
export class SaveProfileCommand extends Command<SaveProfileOutcome> {
  constructor(
    readonly userId: string,
    readonly form: ProfileFormInput,
    readonly additionalData: Readonly<Record<string, readonly string[]>>,
  ) {
    super();
  }
}

const trimmed = (value: string | null) => (value?.trim() ? value.trim() : null);

function billingOf(form: ProfileFormInput): ProfileBilling {
  const business = form.addCompanyBillingDetails;
  const italian = form.italyEInvoicingFiscalCode !== null || form.italyEInvoicingReferenceType !== null;
  return {
    addCompanyBillingDetails: business,
    companyName: business ? trimmed(form.billingAddressCompany) : null,
    addressLine1: trimmed(form.billingAddressLine1),
    addressLine2: trimmed(form.billingAddressLine2),
    zip: trimmed(form.billingAddressZip),
    city: trimmed(form.billingAddressCity),
    state: trimmed(form.billingAddressState),
    country: trimmed(form.vatCountryCode)?.toUpperCase() ?? null,
    taxId: business && !form.skipVatNr ? trimmed(form.vatNr) : null,
    skipVatNr: business && form.skipVatNr,
    italianEInvoicing: italian
      ? {
          fiscalCode: trimmed(form.italyEInvoicingFiscalCode),
          referenceType: form.italyEInvoicingReferenceType,
          // the reference its type names, the other cleared (as the booking step's normalizeBooking does)
          addresseeCode: form.italyEInvoicingReferenceType === 'ADDRESSEE_CODE' ? trimmed(form.italyEInvoicingReferenceAddresseeCode) : null,
          pec: form.italyEInvoicingReferenceType === 'PEC' ? trimmed(form.italyEInvoicingReferencePEC) : null,
          splitPayment: form.italyEInvoicingSplitPayment,
        }
      : null,
  };
}

/**
 * Checks the profile with the booking step's contact and invoice rules; with no error, records it on the user's
 * stream (personal data under the user's subject) and returns once the read models show it. Warnings do not stop it:
 * they are answered with the saved profile.
 */
@CommandHandler(SaveProfileCommand)
export class SaveProfileHandler implements ICommandHandler<SaveProfileCommand, SaveProfileOutcome> {
  constructor(@Inject(ACCOUNTS_OPTIONS) private readonly options: AccountsOptions) {}

  async execute({ userId, form, additionalData }: SaveProfileCommand): Promise<SaveProfileOutcome> {
    const { store, clock, ids } = this.options;
    const now = clock.now();
    const { errors, warnings } = this.options.profileRules(form, now.toISOString().slice(0, 10));
    if (errors.length > 0) return { errors, warnings };
    const profile: UserProfile = { firstName: trimmed(form.firstName) ?? '', lastName: trimmed(form.lastName) ?? '', billing: billingOf(form), additionalData };
    await handleCommand({
      load: () => loadUser(store, userId),
      decide: ({ state, revision }) => {
        const events = decideSaveProfile(state, { type: 'SaveProfile', profile });
        const metadata = provenance(ids.uuid(), `user:${userId}`, clock.now());
        return { result: undefined, append: () => store.append(userStreamId(userId), events.map((e) => userToLog(e, metadata)), revision) };
      },
      written: (position) => this.options.waitForProjections(position),
    });
    return { errors: [], warnings };
  }
}
