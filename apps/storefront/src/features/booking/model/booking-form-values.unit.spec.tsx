import { describe, expect, it } from 'vitest';
import { invoicing, makeField, makeTicket, TICKET_A, validForm } from '../booking-fixtures';
import { bookingFormForSubmit, italianReferenceTypePatch, invoiceModeOf, postponeAssignmentOffered, ticketFormValuesOf } from './booking-form-values';

describe('booking form helpers', () => {
  it('decides how the invoice is offered (spec 2)', () => {
    expect(invoiceModeOf(invoicing({ onlyInvoice: true }), true)).toBe('none');
    expect(invoiceModeOf(invoicing({ onlyInvoice: true }), false)).toBe('always');
    expect(invoiceModeOf(invoicing({ invoiceAllowed: true }), false)).toBe('on-request');
    expect(invoiceModeOf(invoicing({ invoiceAllowed: false }), false)).toBe('none');
  });

  it('clears company, VAT number and skip flag of an invoice without company details before submit (spec 4)', () => {
    const values = validForm({ addCompanyBillingDetails: false, billingAddressCompany: 'ACME', vatNr: '1', skipVatNr: true, billingAddressLine1: 'x' });
    expect(bookingFormForSubmit(values)).toMatchObject({ billingAddressCompany: '', vatNr: '', skipVatNr: false, billingAddressLine1: 'x' });
    const business = { ...values, addCompanyBillingDetails: true };
    expect(bookingFormForSubmit(business)).toEqual({ ...business, differentSubscriptionOwner: false });
  });

  it('clears the other reference fields when the Italian reference type changes (spec 4)', () => {
    expect(italianReferenceTypePatch('ADDRESSEE_CODE')).toEqual({ italyEInvoicingReferenceType: 'ADDRESSEE_CODE', italyEInvoicingReferencePEC: '' });
    expect(italianReferenceTypePatch('PEC')).toEqual({ italyEInvoicingReferenceType: 'PEC', italyEInvoicingReferenceAddresseeCode: '' });
    expect(italianReferenceTypePatch('NONE')).toEqual({
      italyEInvoicingReferenceType: 'NONE',
      italyEInvoicingReferenceAddresseeCode: '',
      italyEInvoicingReferencePEC: '',
    });
  });

  it('presets the only content language, and reads saved extra values by index', () => {
    const ticket = makeTicket(TICKET_A, {
      ticketFieldConfigurationAfterStandard: [makeField('topics', { fields: [{ fieldIndex: 1, fieldValue: 'b' }, { fieldIndex: 0, fieldValue: 'a' }] })],
    });
    expect(ticketFormValuesOf(ticket, [{ locale: 'it' }], 'en')).toMatchObject({ userLanguage: 'it', additional: { topics: ['a', 'b'] } });
    expect(ticketFormValuesOf(ticket, [{ locale: 'it' }, { locale: 'en' }], 'en').userLanguage).toBe('en');
  });

  it('reads no value where the server shows a question unanswered (null or "" at an index), and the ticked boxes of a group', () => {
    const ticket = makeTicket(TICKET_A, {
      ticketFieldConfigurationAfterStandard: [
        makeField('phone', { fields: [{ fieldIndex: 0, fieldValue: null }] }),
        makeField('topics', { type: 'checkbox', restrictedValues: ['a', 'b', 'c'], fields: [0, 1, 2].map((fieldIndex) => ({ fieldIndex, fieldValue: '' })) }),
        makeField('days', {
          type: 'checkbox',
          restrictedValues: ['fri', 'sat', 'sun'],
          fields: [
            { fieldIndex: 0, fieldValue: 'fri' },
            { fieldIndex: 1, fieldValue: null },
            { fieldIndex: 2, fieldValue: 'sun' },
          ],
        }),
      ],
    });
    expect(ticketFormValuesOf(ticket, [{ locale: 'en' }], 'en').additional).toEqual({ phone: [], topics: [], days: ['fri', 'sun'] });
  });

  it('offers postponing the assignment only in the spec 2 case', () => {
    const offered = { additionalServiceCount: 0, forceAssignment: false, ticketCount: 2, containsCategoriesLinkedToGroups: false };
    expect(postponeAssignmentOffered(offered)).toBe(true);
    expect(postponeAssignmentOffered({ ...offered, ticketCount: 1 })).toBe(false);
    expect(postponeAssignmentOffered({ ...offered, forceAssignment: true })).toBe(false);
    expect(postponeAssignmentOffered({ ...offered, additionalServiceCount: 1 })).toBe(false);
    expect(postponeAssignmentOffered({ ...offered, containsCategoriesLinkedToGroups: true })).toBe(false);
  });
});
