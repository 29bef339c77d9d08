import { describe, expect, it } from 'vitest';
import { attendee, billing, makeField, makeTicket, NOW, rulesContext, TICKET_A, TICKET_B, validForm } from '../booking-fixtures';
import { todayIn } from './dates';
import { validateBookingForm } from './validate-booking-form';

/**
 * The storefront's side of the booking rules: the context it builds from the reservation view and the errors it
 * places. The rules themselves are the server's (libs/sales/src/domain/booking, their specs there); the one table
 * both sides must agree on is libs/sales/src/server/public-api/booking-rules-shared.int.spec.ts.
 */
const codes = ({ fields }: ReturnType<typeof validateBookingForm>) =>
  Object.fromEntries(Object.entries(fields).map(([field, e]) => [field, e.args.length ? `${e.code} ${e.args.join(',')}` : e.code]));

describe('validateBookingForm: the context from the reservation view', () => {
  it("asks each ticket the fields shown before and after the standard ones, and no other ticket's", () => {
    const asking = makeTicket(TICKET_A, {
      ticketFieldConfigurationBeforeStandard: [makeField('company', { required: true })],
      ticketFieldConfigurationAfterStandard: [makeField('size', { type: 'select', restrictedValues: ['S', 'M'], disabledValues: ['M'] })],
    });
    const values = validForm({ tickets: { [TICKET_A]: attendee({ additional: { size: ['M'] } }), [TICKET_B]: attendee() } });
    expect(codes(validateBookingForm(values, rulesContext({ tickets: [asking, makeTicket(TICKET_B)] })))).toEqual({
      [`tickets[${TICKET_A}].additional[company][0]`]: 'error.emptyField',
      [`tickets[${TICKET_A}].additional[size][0]`]: 'error.disabledValue',
    });
  });

  it('asks each supplement item its own fields, under the ticket it is listed with', () => {
    const values = validForm({
      tickets: { [TICKET_B]: attendee() },
      additionalServices: { [TICKET_B]: [{ additionalServiceItemId: 7, ticketUUID: TICKET_B, additional: { shirt: ['XXL'] } }] },
    });
    const supplements = [{ itemId: 7, ticketUUID: TICKET_B, ticketFieldConfiguration: [makeField('shirt', { maxLength: 2 })] }];
    expect(codes(validateBookingForm(values, rulesContext({ tickets: [makeTicket(TICKET_B)], supplements })))).toEqual({
      [`additionalServices[${TICKET_B}][0].additional[shirt][0]`]: 'error.tooLong 2',
    });
  });

  it("takes today in the event's time zone, as the server does", () => {
    // 23:30 in UTC on 14 June is already 15 June in Zurich: a date of birth of 14 June is fine there, 15 June is not
    const now = Date.UTC(2024, 5, 14, 23, 30);
    expect(todayIn('Europe/Zurich', now)).toBe('2024-06-15');
    const dob = makeTicket(TICKET_A, { ticketFieldConfigurationAfterStandard: [makeField('born', { type: 'input:dateOfBirth' })] });
    const born = (value: string) => validForm({ tickets: { [TICKET_A]: attendee({ additional: { born: [value] } }) } });
    const context = rulesContext({ tickets: [dob], now });
    expect(codes(validateBookingForm(born('2024-06-14'), context))).toEqual({});
    expect(codes(validateBookingForm(born('2024-06-15'), context))).toEqual({ [`tickets[${TICKET_A}].additional[born][0]`]: 'error.restrictedValue' });
  });

  it('leaves the EU VAT check to the server: a business VAT number passes here when it is present', () => {
    const business = validForm({ ...billing, vatCountryCode: 'DE', addCompanyBillingDetails: true, billingAddressCompany: 'ACME GmbH', vatNr: 'DE999999999' });
    const checking = rulesContext({ invoicing: { invoiceAllowed: true, onlyInvoice: false, euVatCheckingEnabled: true, customerReferenceEnabled: false, enabledItalyEInvoicing: false, vatNumberStrictlyRequired: false } });
    expect(validateBookingForm(business, checking)).toEqual({ fields: {}, global: [] });
  });

  it('judges the form as it would be sent: a private invoice sends no company data to judge', () => {
    const values = validForm({ ...billing, addCompanyBillingDetails: false, billingAddressCompany: 'x'.repeat(300) });
    expect(validateBookingForm(values, rulesContext())).toEqual({ fields: {}, global: [] });
  });
});

describe("validateBookingForm: errors placed as the server's are", () => {
  it('puts field errors under their bracket names and the form-wide ones in the summary', () => {
    const values = validForm({ email: '', tickets: { [TICKET_A]: attendee({ firstName: ' ' }) } });
    const result = validateBookingForm(values, rulesContext({ tickets: [makeTicket(TICKET_A)] }));
    expect(codes(result)).toEqual({ email: 'error.STEP_2_EMPTY_EMAIL', [`tickets[${TICKET_A}].firstName`]: 'error.STEP_2_EMPTY_FIRSTNAME' });
    expect(result.global).toEqual([{ code: 'error.STEP_2_MISSING_ATTENDEE_DATA', args: [] }]);
  });

  it('keeps the arguments, and the first error of a field', () => {
    const values = validForm({ firstName: 'x'.repeat(256) });
    expect(validateBookingForm(values, rulesContext()).fields).toEqual({ firstName: { code: 'error.STEP_2_MAX_LENGTH_FIRSTNAME', args: [255] } });
  });

  it('shows an error about a control not on screen in the summary', () => {
    const values = validForm({ firstName: '' });
    expect(validateBookingForm(values, rulesContext(), ['lastName', 'email'])).toEqual({ fields: {}, global: [{ code: 'error.STEP_2_EMPTY_FIRSTNAME', args: [] }] });
  });

  it('passes a complete booking', () => {
    expect(validateBookingForm(validForm({ tickets: { [TICKET_A]: attendee() } }), rulesContext({ tickets: [makeTicket(TICKET_A)], now: NOW }))).toEqual({ fields: {}, global: [] });
  });
});
