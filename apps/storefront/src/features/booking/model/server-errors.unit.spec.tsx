import { describe, expect, it } from 'vitest';
import { TICKET_A } from '../booking-fixtures';
import { dottedFieldName, fieldKey } from './field-names';
import { mapServerErrors } from './server-errors';

describe('field names in both notations (spec 5: dots replace brackets)', () => {
  it.each([
    [`tickets.${TICKET_A}.firstName`, `tickets[${TICKET_A}].firstName`],
    [`tickets.${TICKET_A}.additional.diet.0`, `tickets[${TICKET_A}].additional[diet][0]`],
    [`additionalServices.${TICKET_A}.1.additional.shirt.0`, `additionalServices[${TICKET_A}][1].additional[shirt][0]`],
    ['subscriptionOwner.additional.club.0', 'subscriptionOwner.additional[club][0]'],
    ['subscriptionOwner.email', 'subscriptionOwner.email'],
    ['billingAddressZip', 'billingAddressZip'],
  ])('%s and %s are one key', (dotted, bracketed) => {
    expect(fieldKey(dotted)).toBe(bracketed);
    expect(fieldKey(bracketed)).toBe(bracketed);
    expect(dottedFieldName(bracketed)).toBe(dotted);
  });
});

describe('mapServerErrors (spec 5)', () => {
  it('puts field errors under their field with positional arguments, the rest global', () => {
    const mapped = mapServerErrors([
      { fieldName: 'email', code: 'error.STEP_2_EMAIL_IS_TOO_LONG', arguments: { '0': 255 } },
      { fieldName: `tickets[${TICKET_A}].additional[diet][0]`, code: 'error.emptyField', arguments: null },
      { fieldName: `tickets.${TICKET_A}.lastName`, code: 'error.STEP_2_EMPTY_LASTNAME', arguments: null },
      { fieldName: 'contactAndTicketsForm', code: 'error.STEP_2_MISSING_ATTENDEE_DATA', arguments: null },
      { fieldName: 'somethingElse', code: 'error.generic', arguments: { '1': 'b', '0': 'a' } },
    ]);
    expect(mapped.fields).toEqual({
      email: { code: 'error.STEP_2_EMAIL_IS_TOO_LONG', args: [255] },
      [`tickets[${TICKET_A}].additional[diet][0]`]: { code: 'error.emptyField', args: [] },
      [`tickets[${TICKET_A}].lastName`]: { code: 'error.STEP_2_EMPTY_LASTNAME', args: [] },
    });
    expect(mapped.global).toEqual([
      { code: 'error.STEP_2_MISSING_ATTENDEE_DATA', args: [] },
      { code: 'error.generic', args: ['a', 'b'] },
    ]);
  });

  it('keeps the first error of a field, whichever notation named it', () => {
    const mapped = mapServerErrors([
      { fieldName: `tickets[${TICKET_A}].email`, code: 'error.email' },
      { fieldName: `tickets.${TICKET_A}.email`, code: 'error.STEP_2_EMAIL_IS_TOO_LONG' },
    ]);
    expect(mapped.fields).toEqual({ [`tickets[${TICKET_A}].email`]: { code: 'error.email', args: [] } });
    expect(mapped.global).toEqual([]);
  });

  it('with the fields on screen, sends errors of fields not shown to the global list', () => {
    const mapped = mapServerErrors(
      [
        { fieldName: 'vatNr', code: 'error.STEP_2_INVALID_VAT' },
        { fieldName: 'billingAddressZip', code: 'error.length', arguments: { '0': 5 } },
      ],
      ['billingAddressZip'],
    );
    expect(mapped.fields).toEqual({ billingAddressZip: { code: 'error.length', args: [5] } });
    expect(mapped.global).toEqual([{ code: 'error.STEP_2_INVALID_VAT', args: [] }]);
  });

  it('maps a ticket extra-field error no ticket field has to the additional-service field of that ticket', () => {
    const service = `additionalServices[${TICKET_A}][0].additional[shirt][0]`;
    const mapped = mapServerErrors([{ fieldName: `tickets.${TICKET_A}.additional.shirt.0`, code: 'error.emptyField' }], [`tickets[${TICKET_A}].firstName`, service]);
    expect(mapped.fields).toEqual({ [service]: { code: 'error.emptyField', args: [] } });
  });

  it('shows an error without a code as the unexpected error, and survives no list', () => {
    expect(mapServerErrors([{ fieldName: 'email', code: null }]).fields).toEqual({ email: { code: 'error.STEP_2_PAYMENT_REQUEST_CREATION', args: [] } });
    expect(mapServerErrors(undefined)).toEqual({ fields: {}, global: [] });
  });
});
