import { describe, expect, it } from 'vitest';
import type { User } from '@ticketing/api-client';
import type { BookingFormValues } from '../../booking';
import { emptyBookingForm } from '../../booking/model/booking-form-values';
import { withProfile } from './profile-prefill';

const ticket = (overrides: Partial<BookingFormValues['tickets'][string]> = {}) => ({ firstName: '', lastName: '', email: '', userLanguage: 'en', additional: { diet: [''] }, ...overrides });
const user = (profile: User['profile'] = null): User => ({ firstName: 'Ada', lastName: 'Lovelace', emailAddress: 'ada@example.org', external: true, profile });
const italianProfile: User['profile'] = {
  billingDetails: {
    companyName: 'Motori SpA',
    addressLine1: 'Via Roma 1',
    addressLine2: null,
    zip: '20100',
    city: 'Milano',
    state: 'MI',
    country: 'IT',
    taxId: 'IT01234567890',
    hasTaxId: true,
    invoicingAdditionalInfo: {
      empty: false,
      italianEInvoicing: { fiscalCode: 'LVLDAA15T10H501X', referenceType: 'PEC', addresseeCode: null, pec: 'ada@pec.it', reference: 'ada@pec.it', referenceTypeAsString: 'PEC', splitPayment: true, empty: false },
    },
  },
  additionalData: { diet: { label: {}, values: ['vegan'] }, unknown: { label: {}, values: ['x'] } },
  skipVatNr: false,
};
const noVatProfile: User['profile'] = {
  ...italianProfile,
  billingDetails: { ...italianProfile.billingDetails, companyName: 'Analytical Engines Ltd', country: 'GB', taxId: null, hasTaxId: false, invoicingAdditionalInfo: { empty: true, italianEInvoicing: null } },
  skipVatNr: true,
};

describe('withProfile (spec 6: the profile prefills the booking form and the first ticket)', () => {
  it('fills the contact, the business invoice with its Italian part, and the first ticket with its additional data', () => {
    const values: BookingFormValues = { ...emptyBookingForm, tickets: { t1: ticket(), t2: ticket() } };
    const next = withProfile(values, user(italianProfile));
    expect(next).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.org',
      addCompanyBillingDetails: true,
      billingAddressCompany: 'Motori SpA',
      billingAddressLine1: 'Via Roma 1',
      billingAddressZip: '20100',
      billingAddressCity: 'Milano',
      billingAddressState: 'MI',
      vatCountryCode: 'IT',
      vatNr: 'IT01234567890',
      italyEInvoicingFiscalCode: 'LVLDAA15T10H501X',
      italyEInvoicingReferenceType: 'PEC',
      italyEInvoicingReferencePEC: 'ada@pec.it',
      italyEInvoicingReferenceAddresseeCode: '',
      italyEInvoicingSplitPayment: true,
    });
    expect(next.tickets['t1']).toEqual({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', userLanguage: 'en', additional: { diet: ['vegan'] } });
    expect(next.tickets['t2']).toEqual(ticket());
  });

  it('leaves every value the reservation has already', () => {
    const values: BookingFormValues = {
      ...emptyBookingForm,
      firstName: 'Grace',
      email: 'grace@example.org',
      billingAddressCity: 'Arlington',
      tickets: { t1: ticket({ lastName: 'Hopper', additional: { diet: ['none'] } }) },
    };
    const next = withProfile(values, user(italianProfile));
    expect(next.firstName).toBe('Grace');
    expect(next.lastName).toBe('Lovelace');
    expect(next.email).toBe('grace@example.org');
    expect(next.billingAddressCity).toBe('Arlington');
    expect(next.tickets['t1']).toMatchObject({ firstName: 'Ada', lastName: 'Hopper', additional: { diet: ['none'] } });
  });

  it('brings the profile\'s "no VAT number" with its company, not to a company or VAT number the reservation has', () => {
    expect(withProfile({ ...emptyBookingForm, tickets: {} }, user(noVatProfile))).toMatchObject({ addCompanyBillingDetails: true, billingAddressCompany: 'Analytical Engines Ltd', vatNr: '', skipVatNr: true });
    expect(withProfile({ ...emptyBookingForm, tickets: {}, billingAddressCompany: 'Difference Engines' }, user(noVatProfile)).skipVatNr).toBe(false);
    expect(withProfile({ ...emptyBookingForm, tickets: {}, vatNr: 'GB123' }, user(noVatProfile)).skipVatNr).toBe(false);
  });

  it('without a saved profile fills the names and e-mail only', () => {
    const next = withProfile({ ...emptyBookingForm, tickets: {} }, user());
    expect(next).toEqual({ ...emptyBookingForm, tickets: {}, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' });
  });
});
