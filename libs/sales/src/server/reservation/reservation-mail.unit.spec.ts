import { describe, expect, it } from 'vitest';
import { reservationMail, type ReservationMailFacts } from './reservation-mail.js';

const facts = (transfer: ReservationMailFacts['transfer']): ReservationMailFacts => ({
  language: 'en',
  firstName: 'Ada',
  eventTitle: 'Open Air',
  shortId: 'AB12CD34',
  summary: '2 x Pass  CHF 180.00',
  total: 'CHF 180.00',
  link: 'https://tickets.example.org/event/open-air/reservation/r-1/deferred-payment',
  timeZone: 'Europe/Zurich',
  transfer,
  payAtDesk: false,
});

const bank = { bankAccount: 'CH93 0076 2011 6238 5295 7', owner: 'Seeklang Verein', deadline: new Date('2027-06-25T14:00:00Z') };

describe('the reservation e-mail of a bank transfer', () => {
  it('awaited: asks for the transfer before confirming, cancelled after the deadline', () => {
    const { subject, text } = reservationMail(facts({ ...bank, deferred: false }));
    expect(subject).toMatch(/^Payment instructions/);
    expect(text).toContain('It will be confirmed as soon as we receive your bank transfer.');
    expect(text).toContain('after that the reservation is cancelled');
  });

  it('deferred: confirms the tickets and gives the instructions, due by the event begin', () => {
    const { subject, text } = reservationMail(facts({ ...bank, deferred: true }));
    expect(subject).toBe('Your tickets for Open Air – reservation AB12CD34');
    expect(text).toContain('your reservation for Open Air is confirmed');
    expect(text).toContain('Please transfer CHF 180.00 to:\nCH93 0076 2011 6238 5295 7\nSeeklang Verein\nPayment reason: AB12CD34');
    expect(text).toContain('before the event begins, by Friday, June 25, 2027 at 4:00 PM');
    expect(text).not.toContain('cancelled');
  });
});
