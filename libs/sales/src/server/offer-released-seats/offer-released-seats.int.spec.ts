import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandBus } from '@nestjs/cqrs';
import type { EventStore } from '@ticketing/event-store';
// Tests only: the catalog's fixtures and the real application, as the catalog's own API tests use them.
import { catalogEvent, eventDetails, localDaysFrom, organizer, ticketCategory } from '@ticketing/testing/catalog-events';
import { reservationOpening, startTestApp, startMailCatcher, type TestApp } from '@ticketing/testing/app';
import { ExpireReservationsCommand } from '../expire-reservations/expire-reservations.command.js';
import { OfferReleasedSeatsCommand } from './offer-released-seats.command.js';

const now = new Date();
const e = 'sold-out';
const WAITING_MINUTES = 240;

describe('offering returned seats to the waiting list', () => {
  let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
  let app: TestApp;
  let headers: Record<string, string>;
  let store: EventStore;

  const inject = async (method: 'POST' | 'DELETE', url: string, payload?: object) => (await app.inject({ method, url, headers, ...(payload ? { payload } : {}) })).json();
  const reserveOne = async () => (await inject('POST', `/api/v2/public/event/${e}/reserve-tickets?lang=en`, { reservation: [{ ticketCategoryId: 1, amount: 1 }] })).value as string;
  const subscribe = async (firstName: string, email: string, userLanguage: string) => {
    const body = { firstName, lastName: 'Waiting', email, userLanguage, termAndConditionsAccepted: true, privacyPolicyAccepted: true };
    expect((await inject('POST', `/api/v2/public/event/${e}/waiting-list/subscribe`, body)).value).toBe(true);
  };
  const seatsLeft = async () =>
    (await app.inject({ method: 'GET', url: `/api/v2/public/event/${e}/ticket-categories` })).json().ticketCategories[0].maximumSaleableTickets as number;
  const offerSeats = () => app.app.get(CommandBus).execute(new OfferReleasedSeatsCommand());
  const offers = async () => (await store.readStream(`waiting-list-${e}`)).filter((event) => event.type === 'WaitingListOffered');

  beforeAll(async () => {
    catcher = await startMailCatcher();
    app = await startTestApp({ RATE_LIMITS: 'off', RESERVATION_SWEEP_INTERVAL_MS: '0', SMTP_URL: `smtp://127.0.0.1:${catcher.port}`, MAIL_FROM: 'tickets@acme.test' });
    headers = await app.session();
    store = app.store;
    const inEvent = <T extends object>(data: T) => ({ eventShortName: e, ...data });
    await app.given('organizer-acme', [catalogEvent({ type: 'OrganizerRegistered', data: { organizer: organizer() } })]);
    await app.given(`event-${e}`, [
      catalogEvent({
        type: 'EventPublished',
        data: {
          event: eventDetails({ shortName: e, title: { en: 'Jazz Night', it: 'Serata jazz' }, start: localDaysFrom(now, 30), end: localDaysFrom(now, 30, '23:00:00'), waitingListEnabled: true }),
        },
      }),
      catalogEvent({ type: 'CapacityDefined', data: inEvent({ capacity: { id: 1, key: 'hall', name: 'Hall', size: 1 } }) }),
      catalogEvent({ type: 'TicketCategoryAdded', data: inEvent({ category: ticketCategory({ id: 1, key: 'regular', capacityId: 1 }) }) }),
    ]);
    await app.given('event-duo', [
      catalogEvent({ type: 'EventPublished', data: { event: eventDetails({ shortName: 'duo', start: localDaysFrom(now, 30), end: localDaysFrom(now, 30, '23:00:00'), waitingListEnabled: true }) } }),
      catalogEvent({ type: 'CapacityDefined', data: { eventShortName: 'duo', capacity: { id: 1, key: 'hall', name: 'Hall', size: 2 } } }),
      catalogEvent({ type: 'TicketCategoryAdded', data: { eventShortName: 'duo', category: ticketCategory({ id: 1, key: 'regular', capacityId: 1 }) } }),
    ]);
  });
  afterAll(async () => {
    await app.close();
    await catcher.close();
  });

  it('holds the returned seat for the first subscriber, e-mails the booking link, and never offers them twice', async () => {
    const first = await reserveOne();
    expect(await seatsLeft()).toBe(0);
    await subscribe('Anna', 'anna@example.test', 'en');
    await subscribe('Bruno', 'bruno@example.test', 'it');

    // sold out: nothing to offer yet
    expect(await offerSeats()).toEqual({ offered: 0 });
    expect(catcher.mails).toEqual([]);

    expect(await inject('DELETE', `/api/v2/public/reservation/${first}`)).toBe(true);
    // the seat came back, but is kept for the list: a buyer who asks now does not take it from Anna
    expect(await seatsLeft()).toBe(0);
    const buyer = await inject('POST', `/api/v2/public/event/${e}/reserve-tickets?lang=en`, { reservation: [{ ticketCategoryId: 1, amount: 1 }] });
    expect(buyer.validationErrors[0].code).toBe('error.STEP_1_TICKET_CATEGORY_MUST_BE_SALEABLE'); // for buyers, sold out
    const setAside = (await store.readStream(`inventory-${e}`)).at(-1)!;
    expect(setAside.type).toBe('SeatsHeld');
    expect(setAside.data).toMatchObject({ tickets: [{ categoryId: 1, quantity: 1 }], forWaitingList: true });
    const before = Date.now();
    expect(await offerSeats()).toEqual({ offered: 1 });

    // the seat is held again, by a reservation for Anna valid for the waiting-list time
    expect(await seatsLeft()).toBe(0);
    const [offer] = await offers();
    const { reservationId, validUntil } = offer!.data as { reservationId: string; validUntil: string };
    // one event: the hold of the set-aside seat opens the reservation (its own stream begins with Anna's first change)
    const inventory = await store.readStream(`inventory-${e}`);
    expect(inventory.slice(-2).map((event) => [event.type, event.data.reason ?? null])).toEqual([['HoldReleased', 'HANDED_OVER'], ['SeatsHeld', null]]);
    expect(inventory.at(-1)!.data).toMatchObject({ reservationId, tickets: [{ categoryId: 1, quantity: 1 }], expiresAt: validUntil });
    expect(inventory.at(-1)!.data.opening).toMatchObject({ reservationId, eventShortName: e, language: 'en', validUntil, tickets: [{ categoryId: 1 }] });
    expect(await store.readStream(`reservation-${reservationId}`)).toEqual([]);
    expect(Math.abs(Date.parse(validUntil) - (before + WAITING_MINUTES * 60_000))).toBeLessThan(60_000);

    // Anna got the link, in English; Bruno nothing yet
    expect(catcher.mails).toHaveLength(1);
    const [mail] = catcher.mails;
    expect(mail!.to).toEqual(['anna@example.test']);
    expect(mail!.headers).toMatch(/^Subject: A ticket for Jazz Night is reserved for you$/m);
    expect(mail!.headers).toMatch(/^From: tickets@acme\.test$/m);
    expect(mail!.headers).toMatch(/^Content-Language: en$/m);
    expect(mail!.text).toContain('Hello Anna,');
    expect(mail!.text).toContain(`http://localhost:8080/event/${e}/reservation/${reservationId}/book`);
    // and an HTML part: the same words, the organizer above the title, a button to the booking page; replies reach the organizer
    expect(mail!.structure).toBe('multipart/alternative(text/plain,text/html)');
    expect(mail!.headers).toMatch(/^Reply-To: info@acme\.test$/m);
    expect(mail!.html).toContain('Acme Events');
    expect(mail!.html).toMatch(/<h1[^>]*>Jazz Night<\/h1>/);
    expect(mail!.html).toContain(`<a href="http://localhost:8080/event/${e}/reservation/${reservationId}/book"`);

    // run again: Anna is not offered twice, Bruno waits for the next seat
    expect(await offerSeats()).toEqual({ offered: 0 });
    expect(await offers()).toHaveLength(1);
    expect(catcher.mails).toHaveLength(1);
  });

  it('passes the seat on to the next subscriber, in their language, when the offer expires', async () => {
    const [annaOffer] = await offers();
    const expired = await app.app.get(CommandBus).execute(new ExpireReservationsCommand(500, new Date(Date.now() + (WAITING_MINUTES + 1) * 60_000)));
    expect(expired.expired).toBe(1);
    expect(await offerSeats()).toEqual({ offered: 1 });

    const all = await offers();
    expect(all).toHaveLength(2);
    expect(all[1]!.data['subscriberId']).not.toBe(annaOffer!.data['subscriberId']);
    const mail = catcher.mails.at(-1)!;
    expect(mail.to).toEqual(['bruno@example.test']);
    expect(mail.headers).toMatch(/^Content-Language: it$/m);
    expect(mail.text).toContain('Ciao Bruno,');
    expect(mail.text).toContain('Serata jazz');
    expect(mail.text).toContain(`/event/${e}/reservation/${String(all[1]!.data['reservationId'])}/book`);
    expect(await seatsLeft()).toBe(0);
  });

  it('keeps the offer when the e-mail cannot be delivered: the reservation expires as usual', async () => {
    await subscribe('Carla', 'bounce@example.test', 'en');
    const [, brunoOffer] = await offers();
    expect(await inject('DELETE', `/api/v2/public/reservation/${String(brunoOffer!.data['reservationId'])}`)).toBe(true);
    const mailsBefore = catcher.mails.length;

    expect(await offerSeats()).toEqual({ offered: 1 });
    expect(catcher.mails).toHaveLength(mailsBefore);
    const carla = (await offers())[2]!;
    expect(await reservationOpening(store, String(carla.data['reservationId']))).not.toBeNull();
    expect(await seatsLeft()).toBe(0);
    // and is not retried: a subscriber is offered one seat, once
    expect(await offerSeats()).toEqual({ offered: 0 });
  });

  it('offers a waiting subscriber one seat even when two runs go at once and two seats are free', async () => {
    const reserveDuo = async () => (await inject('POST', '/api/v2/public/event/duo/reserve-tickets?lang=en', { reservation: [{ ticketCategoryId: 1, amount: 1 }] })).value as string;
    const taken = [await reserveDuo(), await reserveDuo()];
    const body = { firstName: 'Dario', lastName: 'Waiting', email: 'dario@example.test', userLanguage: 'en', termAndConditionsAccepted: true, privacyPolicyAccepted: true };
    expect((await inject('POST', '/api/v2/public/event/duo/waiting-list/subscribe', body)).value).toBe(true);
    for (const id of taken) expect(await inject('DELETE', `/api/v2/public/reservation/${id}`)).toBe(true);

    const runs = await Promise.all([offerSeats(), offerSeats()]);
    expect(runs.reduce((sum, r) => sum + r.offered, 0)).toBe(1);
    expect((await store.readStream('waiting-list-duo')).filter((event) => event.type === 'WaitingListOffered')).toHaveLength(1);
    expect(catcher.mails.filter((m) => m.to.includes('dario@example.test'))).toHaveLength(1);
    const duo = (await app.inject({ method: 'GET', url: '/api/v2/public/event/duo/ticket-categories' })).json();
    expect(duo.ticketCategories[0].maximumSaleableTickets).toBe(1);
  });

  it('gives seats kept for a list back to sale when no offer took them before they expired', async () => {
    await app.given('event-stall', [
      catalogEvent({ type: 'EventPublished', data: { event: eventDetails({ shortName: 'stall', start: localDaysFrom(now, 30), end: localDaysFrom(now, 30, '23:00:00'), waitingListEnabled: true }) } }),
      catalogEvent({ type: 'CapacityDefined', data: { eventShortName: 'stall', capacity: { id: 1, key: 'hall', name: 'Hall', size: 1 } } }),
      catalogEvent({ type: 'TicketCategoryAdded', data: { eventShortName: 'stall', category: ticketCategory({ id: 1, key: 'regular', capacityId: 1 }) } }),
    ]);
    const left = async () => (await app.inject({ method: 'GET', url: '/api/v2/public/event/stall/ticket-categories' })).json().ticketCategories[0].maximumSaleableTickets as number;
    const taken = (await inject('POST', '/api/v2/public/event/stall/reserve-tickets?lang=en', { reservation: [{ ticketCategoryId: 1, amount: 1 }] })).value as string;
    const body = { firstName: 'Elio', lastName: 'Waiting', email: 'elio@example.test', userLanguage: 'en', termAndConditionsAccepted: true, privacyPolicyAccepted: true };
    expect((await inject('POST', '/api/v2/public/event/stall/waiting-list/subscribe', body)).value).toBe(true);
    await app.settle();
    expect(await inject('DELETE', `/api/v2/public/reservation/${taken}`)).toBe(true);
    expect(await left()).toBe(0);

    // no offer ran (a process stopped): a sweep past the set-aside hold's expiry (2 minutes at least) frees the seat
    const sweep = (minutes: number) => app.app.get(CommandBus).execute(new ExpireReservationsCommand(500, new Date(Date.now() + minutes * 60_000)));
    expect((await sweep(1)).released).toBe(0);
    await app.settle();
    expect((await sweep(3)).released).toBe(1);
    expect(await left()).toBe(1);
    const last = (await store.readStream('inventory-stall')).at(-1)!;
    expect(last.data).toMatchObject({ reason: 'EXPIRED', tickets: [{ categoryId: 1, quantity: 1 }] });
  });

  it('keeps one seat per subscriber when one sweep expires several reservations of the event', async () => {
    await app.given('event-many', [
      catalogEvent({ type: 'EventPublished', data: { event: eventDetails({ shortName: 'many', start: localDaysFrom(now, 30), end: localDaysFrom(now, 30, '23:00:00'), waitingListEnabled: true }) } }),
      catalogEvent({ type: 'CapacityDefined', data: { eventShortName: 'many', capacity: { id: 1, key: 'hall', name: 'Hall', size: 3 } } }),
      catalogEvent({ type: 'TicketCategoryAdded', data: { eventShortName: 'many', category: ticketCategory({ id: 1, key: 'regular', capacityId: 1 }) } }),
    ]);
    const reserve = async () => await inject('POST', '/api/v2/public/event/many/reserve-tickets?lang=en', { reservation: [{ ticketCategoryId: 1, amount: 1 }] });
    for (let i = 0; i < 3; i++) expect((await reserve()).success).toBe(true);
    for (const name of ['Fede', 'Gina']) {
      const body = { firstName: name, lastName: 'Waiting', email: `${name.toLowerCase()}@example.test`, userLanguage: 'en', termAndConditionsAccepted: true, privacyPolicyAccepted: true };
      expect((await inject('POST', '/api/v2/public/event/many/waiting-list/subscribe', body)).value).toBe(true);
    }
    await app.settle();

    // all three expire in one sweep (their releases queue together): two seats kept, one back on sale
    const swept = await app.app.get(CommandBus).execute(new ExpireReservationsCommand(500, new Date(Date.now() + 30 * 60_000)));
    expect(swept.expired).toBe(3);
    const inventory = await store.readStream('inventory-many');
    const kept = inventory.filter((event) => event.data['forWaitingList'] === true).map((event) => event.data['reservationId']);
    expect(new Set(kept).size).toBe(2);
    expect((await reserve()).success).toBe(true);
    expect((await reserve()).validationErrors[0].code).toBe('error.STEP_1_TICKET_CATEGORY_MUST_BE_SALEABLE');

    await offerSeats();
    const offered = (await store.readStream('waiting-list-many')).filter((event) => event.type === 'WaitingListOffered');
    expect(offered).toHaveLength(2);
    const handedOver = (await store.readStream('inventory-many')).filter((event) => event.data['reason'] === 'HANDED_OVER').map((event) => event.data['reservationId']);
    expect(handedOver.sort()).toEqual([...kept].sort());
  });
});
