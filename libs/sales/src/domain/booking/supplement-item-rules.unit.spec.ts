import { describe, expect, it } from 'vitest';
import { BOOKING_FORM, bookingErrors } from './booking-errors.js';
import type { AdditionalServiceLinkForm } from './booking-form.js';
import type { BookingQuestion } from './booking-question.js';
import { T1, T2, context, errorsOf, form, question } from './booking.fixtures.js';
import { validateBooking } from './validate-booking.js';

const UNKNOWN = '99999999-9999-4999-8999-999999999999';
const shirt = question({ name: 'shirt' });
const itemsAsking = (questions: readonly BookingQuestion[]) => [
  { itemId: 7, questions },
  { itemId: 8, questions },
];
const link = (itemId: number | null, ticketUUID: string | null, additional: Record<string, string[]> = {}): AdditionalServiceLinkForm => ({
  additionalServiceItemId: itemId,
  ticketUUID,
  additional,
});
const run = (additionalServices: Record<string, AdditionalServiceLinkForm[]>, questions: readonly BookingQuestion[] = [shirt]) =>
  validateBooking(form({ additionalServices }), context({ items: itemsAsking(questions) }));

describe('supplement item rules', () => {
  it('when each booked item is linked once to a ticket, then it passes', () => {
    const result = run({ [T1]: [link(7, T1)], [T2]: [link(8, T2)] });
    expect(errorsOf(result)).toEqual([]);
    expect(result.booking.items.map((i) => [i.itemId, i.ticketId])).toEqual([
      [7, T1],
      [8, T2],
    ]);
  });

  it.each([
    ['an item is not linked', { [T1]: [link(7, T1)] }],
    ['an item is linked twice', { [T1]: [link(7, T1), link(7, T1)] }],
    ['an item is linked to no ticket', { [T1]: [link(7, T1), link(8, null)] }],
    ['an item is linked to a ticket of another reservation', { [T1]: [link(7, T1), link(8, UNKNOWN)] }],
    ['an unknown item is linked', { [T1]: [link(7, T1), link(8, T1), link(9, T2)] }],
    ['an item has no id', { [T1]: [link(7, T1), link(null, T1)] }],
  ])('when %s, then the form reports unassigned items', (_, additionalServices) => {
    expect(errorsOf(run(additionalServices))).toEqual([[BOOKING_FORM, bookingErrors.itemsNotAssigned]]);
  });

  it('when an item is not linked, then it is recorded without a ticket', () => {
    expect(run({ [T1]: [link(7, T1)] }).booking.items).toContainEqual({ itemId: 8, ticketId: null, answers: {} });
  });

  it('when an item field is required and unanswered, then it is reported under the item and the form misses attendee data', () => {
    const required = [question({ name: 'shirt', required: true })];
    expect(errorsOf(run({ [T1]: [link(7, T1, { shirt: ['M'] }), link(8, T1)] }, required))).toEqual([
      [`additionalServices[${T1}][1].additional[shirt][0]`, bookingErrors.emptyField],
      [BOOKING_FORM, bookingErrors.missingAttendeeData],
    ]);
  });

  it('when the item is linked under another ticket, then its answers are judged by its own questions wherever it is listed', () => {
    const required = [question({ name: 'shirt', required: true, maxLength: 3 })];
    expect(errorsOf(run({ [T2]: [link(7, T1, { shirt: ['XXXL'] }), link(8, T2, { shirt: ['M'] })] }, required))).toEqual([
      [`additionalServices[${T2}][0].additional[shirt][0]`, bookingErrors.tooLong, 3],
      [BOOKING_FORM, bookingErrors.missingAttendeeData],
    ]);
  });

  it('when an item is asked nothing, then whatever is sent about it is neither judged nor recorded', () => {
    const result = validateBooking(form({ additionalServices: { [T1]: [link(7, T1, { meal: [''] })] } }), context({ items: [{ itemId: 7, questions: [] }] }));
    expect(errorsOf(result)).toEqual([]);
    expect(result.booking.items).toEqual([{ itemId: 7, ticketId: T1, answers: {} }]);
  });

  it('when no supplement is booked and none is linked, then there is nothing to check', () => {
    expect(errorsOf(validateBooking(form(), context()))).toEqual([]);
  });
});
