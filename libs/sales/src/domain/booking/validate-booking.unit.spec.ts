import { describe, expect, it } from 'vitest';
import { BOOKING_FORM, bookingErrors } from './booking-errors.js';
import { T1, T2, attendee, context, errorsOf, form, invoicing, question, swissAddress, warningsOf } from './booking.fixtures.js';
import { validateBooking } from './validate-booking.js';

describe('validateBooking', () => {
  describe('given a paid event order with two tickets', () => {
    it('when contact and both attendees are complete, then it passes and records them', () => {
      const result = validateBooking(form(), context());
      expect(errorsOf(result)).toEqual([]);
      expect(warningsOf(result)).toEqual([]);
      expect(result.booking).toEqual({
        contact: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' },
        invoiceRequested: false,
        business: false,
        skipVatNr: false,
        customerReference: null,
        billing: null,
        postponeAssignment: false,
        attendees: {
          [T1]: { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.org', userLanguage: 'en', answers: {} },
          [T2]: { firstName: 'Charles', lastName: 'Babbage', email: 'charles@example.org', userLanguage: 'en', answers: {} },
        },
        items: [],
      });
      expect(result.subscriptionOwner).toBeNull();
    });

    it('when values carry blanks, then they are recorded trimmed', () => {
      const result = validateBooking(form({ email: '  ada@example.org ', firstName: ' Ada ' }), context());
      expect(result.booking.contact).toEqual({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' });
    });

    it('when the data fails validation, then it is still returned for recording', () => {
      const result = validateBooking(form({ firstName: '' }), context());
      expect(errorsOf(result)).toEqual([['firstName', bookingErrors.emptyFirstName]]);
      expect(result.booking.contact.email).toBe('ada@example.org');
    });
  });

  describe('side effects on postponed assignment', () => {
    const postponedWithoutAttendees = form({ postponeAssignment: true, tickets: {} });

    it('when assignment is postponed and nothing forbids it, then no attendee is asked for or recorded', () => {
      const result = validateBooking(postponedWithoutAttendees, context());
      expect(errorsOf(result)).toEqual([]);
      expect(result.booking.postponeAssignment).toBe(true);
      expect(result.booking.attendees).toEqual({});
    });

    it.each([
      ['the event forces assignment', context({ forceAssignment: true })],
      ['a category is linked to groups', context({ categoriesLinkedToGroups: true })],
      ['supplements are booked', context({ items: [{ itemId: 7, questions: [] }] })],
    ])('when %s, then postponement is refused and every attendee is asked for', (_, given) => {
      const result = validateBooking(postponedWithoutAttendees, given);
      expect(result.booking.postponeAssignment).toBe(false);
      expect(errorsOf(result)).toContainEqual([`tickets[${T1}].email`, bookingErrors.attendeeEmail]);
      expect(errorsOf(result)).toContainEqual([BOOKING_FORM, bookingErrors.missingAttendeeData]);
    });
  });

  describe('side effects on the invoice', () => {
    it('when the context only issues invoices and the order is paid, then an invoice is requested anyway', () => {
      const result = validateBooking(form({ invoiceRequested: false }), context({ invoicing: invoicing({ onlyInvoice: true }) }));
      expect(result.booking.invoiceRequested).toBe(true);
      expect(errorsOf(result)).toContainEqual(['billingAddressLine1', bookingErrors.emptyField]);
    });

    it('when the order is free, then no invoice is requested and no address asked for', () => {
      const result = validateBooking(form({ invoiceRequested: true }), context({ paymentRequired: false, invoicing: invoicing({ onlyInvoice: true }) }));
      expect(result.booking.invoiceRequested).toBe(false);
      expect(result.booking.billing).toBeNull();
      expect(errorsOf(result)).toEqual([]);
    });

    it('when invoices are not offered at all, then a request for one is ignored', () => {
      const result = validateBooking(form({ invoiceRequested: true }), context({ invoicing: invoicing({ invoiceAllowed: false }) }));
      expect(result.booking.invoiceRequested).toBe(false);
      expect(errorsOf(result)).toEqual([]);
    });

    it('when a private invoice carries company data, then company, VAT number and skip flag are cleared', () => {
      const result = validateBooking(
        form({ invoiceRequested: true, addCompanyBillingDetails: false, billingAddressCompany: 'ACME', vatNr: 'CHE-123', skipVatNr: true, ...swissAddress }),
        context(),
      );
      expect(errorsOf(result)).toEqual([]);
      expect(result.booking).toMatchObject({ business: false, skipVatNr: false, billing: { companyName: null, taxId: null } });
    });

    it('when a VAT number is strictly required, then skipping it is refused', () => {
      const result = validateBooking(
        form({ invoiceRequested: true, addCompanyBillingDetails: true, billingAddressCompany: 'ACME', skipVatNr: true, ...swissAddress }),
        context({ invoicing: invoicing({ vatNumberStrictlyRequired: true }) }),
      );
      expect(result.booking.skipVatNr).toBe(false);
      expect(errorsOf(result)).toEqual([['vatNr', bookingErrors.emptyField]]);
    });
  });

  describe('worked cases', () => {
    it('a private invoice to Switzerland', () => {
      const result = validateBooking(form({ invoiceRequested: true, ...swissAddress, billingAddressLine2: 'c/o Muster' }), context());
      expect(errorsOf(result)).toEqual([]);
      expect(result.booking.billing).toEqual({
        companyName: null,
        addressLine1: 'Bahnhofstrasse 1',
        addressLine2: 'c/o Muster',
        zip: '8001',
        city: 'Zürich',
        state: null,
        country: 'CH',
        taxId: null,
        italianEInvoicing: null,
      });
    });

    it('a business invoice that skips the VAT number', () => {
      const result = validateBooking(
        form({ invoiceRequested: true, addCompanyBillingDetails: true, billingAddressCompany: 'ACME AG', skipVatNr: true, customerReference: 'PO-42', ...swissAddress }),
        context(),
      );
      expect(errorsOf(result)).toEqual([]);
      expect(result.booking).toMatchObject({ business: true, skipVatNr: true, customerReference: 'PO-42', billing: { companyName: 'ACME AG', taxId: null } });
    });

    const italian = {
      invoiceRequested: true,
      firstName: 'Mario',
      lastName: 'Rossi',
      billingAddressLine1: 'Via Roma 1',
      billingAddressZip: '20121',
      billingAddressCity: 'Milano',
      billingAddressState: 'MI',
      vatCountryCode: 'IT',
      italyEInvoicingFiscalCode: 'RSSMRA85T10A562S',
    } as const;
    const eInvoicing = context({ invoicing: invoicing({ enabledItalyEInvoicing: true, onlyInvoice: true }) });

    it('Italian e-invoicing through an addressee code (the PEC typed before is dropped)', () => {
      const result = validateBooking(
        form({ ...italian, italyEInvoicingReferenceType: 'ADDRESSEE_CODE', italyEInvoicingReferenceAddresseeCode: 'ABC1234', italyEInvoicingReferencePEC: 'mario@pec.it' }),
        eInvoicing,
      );
      expect(errorsOf(result)).toEqual([]);
      expect(warningsOf(result)).toEqual([]);
      expect(result.booking.billing?.italianEInvoicing).toEqual({
        fiscalCode: 'RSSMRA85T10A562S',
        referenceType: 'ADDRESSEE_CODE',
        addresseeCode: 'ABC1234',
        pec: null,
        splitPayment: false,
      });
    });

    it('Italian e-invoicing through PEC (the addressee code typed before is dropped)', () => {
      const result = validateBooking(
        form({ ...italian, italyEInvoicingReferenceType: 'PEC', italyEInvoicingReferencePEC: 'mario@pec.it', italyEInvoicingReferenceAddresseeCode: 'ABC1234' }),
        eInvoicing,
      );
      expect(errorsOf(result)).toEqual([]);
      expect(result.booking.billing?.italianEInvoicing).toMatchObject({ referenceType: 'PEC', addresseeCode: null, pec: 'mario@pec.it' });
    });

    it('Italian e-invoicing with reference NONE keeps neither code nor PEC', () => {
      const result = validateBooking(
        form({ ...italian, italyEInvoicingReferenceType: 'NONE', italyEInvoicingReferencePEC: 'mario@pec.it', italyEInvoicingReferenceAddresseeCode: 'ABC1234' }),
        eInvoicing,
      );
      expect(errorsOf(result)).toEqual([]);
      expect(result.booking.billing?.italianEInvoicing).toMatchObject({ referenceType: 'NONE', addresseeCode: null, pec: null });
    });

    it('a supplement item with a field of its own, linked to the first ticket', () => {
      const shirt = question({ name: 'shirtSize', type: 'select', restrictedValues: ['S', 'M', 'L'], required: true });
      const result = validateBooking(
        form({ additionalServices: { [T1]: [{ additionalServiceItemId: 7, ticketUUID: T1, additional: { shirtSize: ['M'] } }] } }),
        context({ items: [{ itemId: 7, questions: [shirt] }] }),
      );
      expect(errorsOf(result)).toEqual([]);
      expect(result.booking.items).toEqual([{ itemId: 7, ticketId: T1, answers: { shirtSize: ['M'] } }]);
      // the supplement's question is not one for the attendees
      expect(result.booking.attendees[T1]?.answers).toEqual({});
    });
  });

  describe('given a subscription purchase', () => {
    const subscription = context({ purchaseContextType: 'subscription', tickets: [] });

    it('when the buyer is the owner, then the owner is the contact and no attendee is asked for', () => {
      const result = validateBooking(form({ tickets: {} }), subscription);
      expect(errorsOf(result)).toEqual([]);
      expect(result.subscriptionOwner).toEqual({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' });
      expect(result.booking.attendees).toEqual({});
    });

    it('when bought for someone else without naming them, then each owner field is refused', () => {
      const result = validateBooking(form({ tickets: {}, differentSubscriptionOwner: true, subscriptionOwner: { email: ' ', firstName: null, lastName: '' } }), subscription);
      expect(errorsOf(result)).toEqual([
        ['subscriptionOwner.firstName', bookingErrors.emptyFirstName],
        ['subscriptionOwner.lastName', bookingErrors.emptyLastName],
        ['subscriptionOwner.email', bookingErrors.emptyEmail],
      ]);
    });

    it('when the other owner has a malformed e-mail, then it is refused', () => {
      const result = validateBooking(
        form({ tickets: {}, differentSubscriptionOwner: true, subscriptionOwner: { email: 'not-mail', firstName: 'Alan', lastName: 'Turing' } }),
        subscription,
      );
      expect(errorsOf(result)).toEqual([['subscriptionOwner.email', bookingErrors.invalidEmail]]);
    });

    it('when bought for someone else, then that person is the owner', () => {
      const owner = { email: 'alan@example.org', firstName: 'Alan', lastName: 'Turing' };
      const result = validateBooking(form({ tickets: {}, differentSubscriptionOwner: true, subscriptionOwner: owner }), subscription);
      expect(errorsOf(result)).toEqual([]);
      expect(result.subscriptionOwner).toEqual(owner);
    });
  });

  it('refuses a context whose date is not an ISO local date (a caller bug, not a buyer error)', () => {
    expect(() => validateBooking(form(), context({ today: '15.03.2027' }))).toThrow();
  });

  it('keeps the attendee of a ticket not in the form empty rather than inventing one', () => {
    const result = validateBooking(form({ tickets: { [T1]: attendee() } }), context());
    expect(result.booking.attendees[T2]).toEqual({ firstName: '', lastName: '', email: '', userLanguage: 'en', answers: {} });
  });
});
