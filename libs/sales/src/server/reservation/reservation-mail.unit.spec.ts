import { describe, expect, it } from 'vitest';
import { passOwnerMail, reservationMail, type ReservationMailFacts } from './reservation-mail.js';

const facts = (transfer: ReservationMailFacts['transfer']): ReservationMailFacts => ({
  language: 'en',
  firstName: 'Ada',
  eventTitle: 'Open Air',
  organizer: { name: 'Seeklang Verein', email: 'info@seeklang.example' },
  shortId: 'AB12CD34',
  lines: [{ quantity: 2, name: 'Pass', subTotal: 'CHF 180.00' }],
  vat: null,
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
    // the deadline in the event's zone, named: a buyer elsewhere reads the right instant
    expect(text).toContain('Friday, June 25, 2027 at 4:00 PM (Europe/Zurich)');
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

describe('the HTML part of the reservation e-mail', () => {
  it('has the order as a table, the transfer instructions, a button to the order page, and replies go to the organizer', () => {
    const mail = reservationMail({ ...facts({ ...bank, deferred: false }), lines: [{ quantity: 2, name: 'Pass', subTotal: 'CHF 160.00' }, { quantity: 1, name: 'Parking', subTotal: 'CHF 20.00' }] });
    expect(mail.text).toContain('Reservation AB12CD34\n2 x Pass  CHF 160.00\n1 x Parking  CHF 20.00\nTotal: CHF 180.00');
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.html).toMatch(/<caption[^>]*>Reservation AB12CD34<\/caption>/);
    expect(mail.html).toMatch(/<td[^>]*>2<\/td><td[^>]*>Pass<\/td><td[^>]*>CHF 160\.00<\/td>/);
    expect(mail.html).toMatch(/<td[^>]*>Total<\/td><td[^>]*>CHF 180\.00<\/td>/);
    expect(mail.html).toContain('CH93 0076 2011 6238 5295 7<br>');
    expect(mail.html).toMatch(/<a href="https:\/\/tickets\.example\.org\/event\/open-air\/reservation\/r-1\/deferred-payment"[^>]*>View your reservation<\/a>/);
    expect(mail.html).toContain('Seeklang Verein');
    expect(mail.replyTo).toBe('info@seeklang.example');
  });

  it('shows the VAT line of the summary, added to the lines or included in them, so that the lines add up to the total', () => {
    const added = reservationMail({ ...facts(null), lines: [{ quantity: 2, name: 'Entry', subTotal: 'EUR 16.00' }], vat: { rate: '22', amount: 'EUR 3.52', included: false }, total: 'EUR 19.52' });
    expect(added.text).toContain('Reservation AB12CD34\n2 x Entry  EUR 16.00\nVAT 22%  EUR 3.52\nTotal: EUR 19.52');
    expect(added.html).toMatch(/<td[^>]*><\/td><td[^>]*>VAT 22%<\/td><td[^>]*>EUR 3\.52<\/td>/);
    const included = reservationMail({ ...facts(null), language: 'de', vat: { rate: '7.7', amount: 'CHF 12.87', included: true } });
    expect(included.text).toContain('2 x Pass  CHF 180.00\ninkl. MwSt. 7.7 %  CHF 12.87\nTotal: CHF 180.00');
  });

  it('is written in the buyer\'s language', () => {
    const mail = reservationMail({ ...facts(null), language: 'de' });
    expect(mail.html).toContain('<html lang="de">');
    expect(mail.html).toContain('>Reservierung ansehen</a>');
    expect(mail.html).toContain('Hallo Ada,');
  });

  it('escapes what buyers and organizers wrote', () => {
    const hostile = `<script>alert("x")</script> & 'quoted'`;
    const mail = reservationMail({
      ...facts({ ...bank, owner: hostile, deferred: true }),
      firstName: hostile,
      eventTitle: hostile,
      organizer: { name: hostile, email: 'info@seeklang.example' },
      lines: [{ quantity: 1, name: hostile, subTotal: 'CHF 1.00' }],
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain(`"x"`);
    expect(mail.html).not.toContain(`'quoted'`);
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quoted&#39;');
    // the plain text is not HTML: it keeps the words as written
    expect(mail.text).toContain(`Hello ${hostile},`);
  });

  it('has no reply address when the organizer is unknown', () => {
    const mail = reservationMail({ ...facts(null), organizer: null });
    expect(mail.replyTo).toBeUndefined();
  });
});

describe("a pass order's e-mail", () => {
  const pass = { id: '0d3e0b8e-5a4b-4c1d-9e2f-3a4b5c6d7e8f', owner: 'Grace Hopper (grace@example.org)', pin: 'K3M9QX7P' };

  it('speaks of the subscription in the buyer\'s language, with its owner, ID and PIN', () => {
    const mail = reservationMail({ ...facts(null), language: 'it', eventTitle: 'Abbonamento', pass });
    expect(mail.subject).toBe('Il tuo abbonamento Abbonamento – prenotazione AB12CD34');
    expect(mail.text).toContain(`Titolare dell’abbonamento: Grace Hopper (grace@example.org)\nID abbonamento: ${pass.id}\nPIN: K3M9QX7P\n`);
    expect(mail.text).toContain('Il tuo abbonamento: https://tickets.example.org/');
    expect(mail.html).toContain('Vedi l’abbonamento');
  });

  it('leaves the PIN out when the organizer shows none, and names no pass before it is issued (a transfer awaited)', () => {
    expect(reservationMail({ ...facts(null), language: 'de', pass: { ...pass, pin: null } }).text).not.toContain('PIN');
    const awaited = reservationMail({ ...facts({ ...bank, deferred: false }), pass: { id: null, owner: '', pin: null } });
    expect(awaited.subject).toBe('Payment instructions for your reservation AB12CD34 – Open Air');
    expect(awaited.text).not.toContain('Subscription ID');
    expect(awaited.text).toContain('Your subscription: https://tickets.example.org/');
  });

  it("tells an owner named by another buyer who gave it, in the owner's mail", () => {
    const mail = passOwnerMail({ language: 'fr', ownerFirstName: 'Grace', buyer: 'Ada Lovelace', title: 'Abonnement saison', organizer: null, pass });
    expect(mail.subject).toBe('Votre abonnement Abonnement saison');
    expect(mail.text).toBe(
      `Bonjour Grace,\n\nAda Lovelace a acheté pour vous l’abonnement Abonnement saison.\n\nTitulaire de l’abonnement : Grace Hopper (grace@example.org)\nID de l’abonnement : ${pass.id}\nPIN : K3M9QX7P\nIndiquez le PIN ou l’ID lorsque vous réservez des billets pour un événement couvert par l’abonnement.\n`,
    );
    expect(mail.replyTo).toBeUndefined();
  });
});
