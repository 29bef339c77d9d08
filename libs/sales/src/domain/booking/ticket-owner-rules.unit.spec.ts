import { describe, expect, it } from 'vitest';
import { bookingErrors } from './booking-errors.js';
import { T1, attendee, question } from './booking.fixtures.js';
import { validateTicketOwner, type TicketOwnerContext } from './ticket-owner-rules.js';

const context = (questions = [question({ name: 'company', required: true })]): TicketOwnerContext => ({
  ticket: { ticketId: T1, questions },
  contentLanguages: ['en', 'de'],
  today: '2027-03-15',
  euCountryCodes: ['DE', 'IT'],
  countryCodes: ['CH', 'DE', 'IT'],
});

describe('the ticket update form (reference 34)', () => {
  it('when every rule passes, then the holder is what the form says, trimmed, with its answers', () => {
    const result = validateTicketOwner(attendee({ firstName: ' Grace ', email: 'grace@example.org', userLanguage: 'de', additional: { company: ['Navy'] } }), context());
    expect(result.errors).toEqual([]);
    expect(result.holder).toMatchObject({ firstName: 'Grace', email: 'grace@example.org', userLanguage: 'de', answers: { company: ['Navy'] } });
  });

  it('when names, e-mail and a required field are missing, then each is reported under its un-prefixed name and nothing global', () => {
    const result = validateTicketOwner({ email: 'nope', firstName: '', lastName: null, additional: {} }, context());
    expect(result.errors.map((e) => [e.field, e.code])).toEqual([
      ['email', bookingErrors.attendeeEmail],
      ['firstName', bookingErrors.emptyFirstName],
      ['lastName', bookingErrors.emptyLastName],
      ['additional[company][0]', bookingErrors.emptyField],
    ]);
  });

  describe('with answers about the supplement items linked to the ticket', () => {
    const size = question({ name: 'size', type: 'select', required: true, restrictedValues: ['S', 'M', 'L'] });
    const withItems = { ...context([]), items: [{ itemId: 2, questions: [size] }] };
    const holder = attendee({ firstName: 'Grace', email: 'grace@example.org', additional: {} });
    const link = (additionalServiceItemId: number, sent: string[]) => ({ additionalServiceItemId, ticketUUID: T1, additional: { size: sent } });

    it('when the answers pass the booking step\'s field rules, then they are given back to record', () => {
      const result = validateTicketOwner({ ...holder, additionalServices: { [T1]: [link(2, ['M'])] } }, withItems);
      expect(result.errors).toEqual([]);
      expect(result.items).toEqual([{ itemId: 2, answers: { size: ['M'] } }]);
    });

    it('when an answer breaks them, then the error is named as on the booking step, and nothing global', () => {
      const result = validateTicketOwner({ ...holder, additionalServices: { [T1]: [link(2, ['XXL'])] } }, withItems);
      expect(result.errors.map((e) => [e.field, e.code])).toEqual([[`additionalServices[${T1}][0].additional[size][0]`, bookingErrors.restrictedValue]]);
      const empty = validateTicketOwner({ ...holder, additionalServices: { [T1]: [link(2, [])] } }, withItems);
      expect(empty.errors.map((e) => [e.field, e.code])).toEqual([[`additionalServices[${T1}][0].additional[size][0]`, bookingErrors.emptyField]]);
    });

    it('when a link names an item not linked to the ticket, then it is left out; a second link of an item too', () => {
      const result = validateTicketOwner({ ...holder, additionalServices: { [T1]: [link(7, ['XXL']), link(2, ['L']), link(2, ['XXL'])] } }, withItems);
      expect(result.errors).toEqual([]);
      expect(result.items).toEqual([{ itemId: 2, answers: { size: ['L'] } }]);
    });

    it('when the form has no additionalServices, then no item changes', () => {
      expect(validateTicketOwner(holder, withItems).items).toEqual([]);
    });
  });
});
