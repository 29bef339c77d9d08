import { describe, expect, it } from 'vitest';
import { BOOKING_FORM, bookingErrors } from './booking-errors.js';
import type { AdditionalAnswers } from './booking-form.js';
import type { BookingQuestion } from './booking-question.js';
import { T1, T2, askingT1, attendee, context, errorsOf, form, question } from './booking.fixtures.js';
import { validateBooking } from './validate-booking.js';

const at = (name: string, i = 0) => `tickets[${T1}].additional[${name}][${i}]`;

/** The errors of ticket T1's answers to `questions`, asked of T1 only (context date: 2027-03-15). */
function answering(questions: BookingQuestion[], additional: AdditionalAnswers) {
  return errorsOf(validateBooking(form({ tickets: { [T1]: attendee({ additional }), [T2]: attendee() } }), askingT1(questions)));
}

describe('attendee rules', () => {
  it('when a ticket is missing from the form, then its e-mail and names are required and the form has missing attendee data', () => {
    expect(errorsOf(validateBooking(form({ tickets: { [T1]: attendee() } }), context()))).toEqual([
      [`tickets[${T2}].email`, bookingErrors.attendeeEmail],
      [`tickets[${T2}].firstName`, bookingErrors.emptyFirstName],
      [`tickets[${T2}].lastName`, bookingErrors.emptyLastName],
      [BOOKING_FORM, bookingErrors.missingAttendeeData],
    ]);
  });

  it.each([
    ['email', { email: 'grace.example.org' }, bookingErrors.attendeeEmail, []],
    ['email', { email: `${'g'.repeat(244)}@example.org` }, bookingErrors.emailTooLong, [255]],
    ['firstName', { firstName: 'g'.repeat(256) }, bookingErrors.firstNameTooLong, [255]],
    ['lastName', { lastName: 'h'.repeat(256) }, bookingErrors.lastNameTooLong, [255]],
  ])('when %s is refused, then it is reported under the ticket', (name, overrides, code, args) => {
    const result = validateBooking(form({ tickets: { [T1]: attendee(overrides), [T2]: attendee() } }), context());
    expect(errorsOf(result)).toEqual([[`tickets[${T1}].${name}`, code, ...args], [BOOKING_FORM, bookingErrors.missingAttendeeData]]);
  });

  it('when the attendee language is not one of the event, then the first content language is recorded', () => {
    const result = validateBooking(form({ tickets: { [T1]: attendee({ userLanguage: 'DE' }), [T2]: attendee({ userLanguage: 'fr' }) } }), context());
    expect([result.booking.attendees[T1]?.userLanguage, result.booking.attendees[T2]?.userLanguage]).toEqual(['de', 'en']);
  });

  it('when an attendee form names no language, or one the event does not speak, then the language booked in is recorded', () => {
    const result = validateBooking(form({ tickets: { [T1]: attendee({ userLanguage: null }), [T2]: attendee({ userLanguage: 'fr' }) } }), { ...context(), language: 'de' });
    expect([result.booking.attendees[T1]?.userLanguage, result.booking.attendees[T2]?.userLanguage]).toEqual(['de', 'de']);
  });

  describe('extra fields', () => {
    it('when a required field is absent, empty or blank, then it is an empty field', () => {
      const company = question({ name: 'company', required: true });
      expect(answering([company], {})).toEqual([[at('company'), bookingErrors.emptyField], [BOOKING_FORM, bookingErrors.missingAttendeeData]]);
      expect(answering([company], { company: [] })).toContainEqual([at('company'), bookingErrors.emptyField]);
      expect(answering([company], { company: ['  '] })).toContainEqual([at('company'), bookingErrors.emptyField]);
    });

    it('when a question is asked of another ticket only, then it is judged there and not here', () => {
      const company = question({ name: 'company', required: true });
      const result = validateBooking(form({ tickets: { [T1]: attendee(), [T2]: attendee() } }), context({ tickets: [{ ticketId: T1, questions: [] }, { ticketId: T2, questions: [company] }] }));
      expect(errorsOf(result)).toEqual([[`tickets[${T2}].additional[company][0]`, bookingErrors.emptyField], [BOOKING_FORM, bookingErrors.missingAttendeeData]]);
    });

    it('when a text is shorter or longer than allowed, then the limit is the argument', () => {
      const nick = question({ name: 'nick', minLength: 3, maxLength: 10 });
      expect(answering([nick], { nick: ['ab'] })[0]).toEqual([at('nick'), bookingErrors.tooShort, 3]);
      expect(answering([nick], { nick: ['abcdefghijk'] })[0]).toEqual([at('nick'), bookingErrors.tooLong, 10]);
      expect(answering([nick], { nick: ['abc'] })).toEqual([]);
    });

    it('when a choice is not offered, then it is a restricted value; when withdrawn, a disabled value', () => {
      const size = question({ name: 'size', type: 'select', restrictedValues: ['S', 'M', 'XL'], disabledValues: ['XL'] });
      expect(answering([size], { size: ['XXL'] })[0]).toEqual([at('size'), bookingErrors.restrictedValue]);
      expect(answering([size], { size: ['XL'] })[0]).toEqual([at('size'), bookingErrors.disabledValue]);
    });

    it('when a required checkbox group has nothing ticked, then the group (no index) is an empty field', () => {
      const diet = question({ name: 'diet', type: 'checkbox', required: true, restrictedValues: ['vegan', 'kosher'] });
      expect(answering([diet], { diet: ['', ''] })[0]).toEqual([`tickets[${T1}].additional[diet]`, bookingErrors.emptyField]);
      expect(answering([diet], { diet: ['', 'kosher'] })).toEqual([]);
    });

    it('reports each value of a multi-valued answer under its index', () => {
      const diet = question({ name: 'diet', type: 'checkbox', restrictedValues: ['vegan', 'kosher'] });
      expect(answering([diet], { diet: ['vegan', 'paleo'] })[0]).toEqual([at('diet', 1), bookingErrors.restrictedValue]);
    });

    it('when a country is no ISO code, then it is a restricted value', () => {
      const country = question({ name: 'country', type: 'country' });
      expect(answering([country], { country: ['XX'] })[0]).toEqual([at('country'), bookingErrors.restrictedValue]);
      expect(answering([country], { country: ['CH'] })).toEqual([]);
    });

    it('when an EU VAT number is malformed, then it is invalid and the form reports an invalid VAT number', () => {
      const vat = question({ name: 'vat', type: 'vat:eu' });
      expect(answering([vat], { vat: ['DE12'] })).toEqual([[at('vat'), bookingErrors.invalidVat], [BOOKING_FORM, bookingErrors.invalidVat]]);
      expect(answering([vat], { vat: ['DE 123 456 789'] })).toEqual([]);
    });

    it('when the server asked VIES about an EU VAT number, then its refusal is an invalid number and its outage a retry', () => {
      const vat = [question({ name: 'vat', type: 'vat:eu' })];
      const checked = (status: 'VALID' | 'INVALID' | 'UNAVAILABLE', value = 'DE 123.456.789') =>
        errorsOf(
          validateBooking(form({ tickets: { [T1]: attendee({ additional: { vat: [value] } }), [T2]: attendee() } }), { ...askingT1(vat), vatFieldChecks: { DE123456789: status } }),
        );
      expect(checked('VALID')).toEqual([]);
      expect(checked('INVALID')).toEqual([[at('vat'), bookingErrors.invalidVat], [BOOKING_FORM, bookingErrors.invalidVat]]);
      expect(checked('UNAVAILABLE')).toEqual([[at('vat'), bookingErrors.viesDown], [BOOKING_FORM, bookingErrors.missingAttendeeData]]);
      // a number VIES was not asked about is judged by its format
      expect(checked('INVALID', 'IT00743110157')).toEqual([]);
    });

    it('records only answers to the fields asked, trimmed', () => {
      const nick = question({ name: 'nick' });
      const result = validateBooking(form({ tickets: { [T1]: attendee({ additional: { nick: [' ada '], smuggled: ['x'] } }), [T2]: attendee() } }), askingT1([nick]));
      expect(result.booking.attendees[T1]?.answers).toEqual({ nick: ['ada'] });
    });
  });

  describe('date of birth (today 2027-03-15)', () => {
    const born = (limits: Partial<BookingQuestion> = {}) => [question({ name: 'born', type: 'input:dateOfBirth', ...limits })];

    it.each(['2000-02-30', '15.03.2000', '2027-03-15', '2027-04-01'])('when it is %s (not a past date), then it is a restricted value', (value) => {
      expect(answering(born(), { born: [value] })[0]).toEqual([at('born'), bookingErrors.restrictedValue]);
    });

    it('when it is yesterday, then it passes', () => {
      expect(answering(born(), { born: ['2027-03-14'] })).toEqual([]);
    });

    it('when younger than the youngest age allowed, then error.tooYoung carries that age', () => {
      expect(answering(born({ minLength: 18 }), { born: ['2009-03-16'] })[0]).toEqual([at('born'), bookingErrors.tooYoung, 18]);
      expect(answering(born({ minLength: 18 }), { born: ['2009-03-15'] })).toEqual([]);
    });

    it('when older than the oldest age allowed (a year begun counts), then error.tooOld carries that age', () => {
      expect(answering(born({ maxLength: 25 }), { born: ['2002-03-14'] })[0]).toEqual([at('born'), bookingErrors.tooOld, 25]);
      expect(answering(born({ maxLength: 25 }), { born: ['2002-03-15'] })).toEqual([]);
    });
  });
});
