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
});
