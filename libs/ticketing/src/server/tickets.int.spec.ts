import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { additionalService, attendeeField, catalogEvent, eventDetails, localDaysFrom, organizer, poll, ticketCategory } from '@ticketing/testing/catalog-events';
import { pollPinOf } from '@ticketing/ticketing/contracts';
import { startMailCatcher, startTestApp, type TestApp } from '@ticketing/testing/app';
import { checkInCodeOf } from './index.js';

interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- wire JSON, asserted field by field
  headers: Record<string, unknown>;
  raw: Buffer;
}

const now = new Date();
const inEvent = <T extends object>(shortName: string, data: T) => ({ eventShortName: shortName, ...data });
const ada = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' };
/** An instant as common.ticket-category.date-format (dd.MM.yyyy HH:mm) prints it in UTC, the online events' zone below. */
const dotted = (at: Date) => {
  const [date, time] = at.toISOString().split('T') as [string, string];
  const [y, m, d] = date.split('-');
  return `${d}.${m}.${y} ${time.slice(0, 5)}`;
};

async function pdfText(pdf: Buffer): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(pdf), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= document.numPages; n++) {
    const content = await (await document.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await document.destroy();
  return pages.join(' ').replace(/\s+/g, ' ');
}

function qrOf(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}

describe('tickets after purchase (reference 32-39, 58)', () => {
  let app: TestApp;
  let headers: Record<string, string>;
  let catcher: Awaited<ReturnType<typeof startMailCatcher>>;

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object): Promise<Answer> => {
    const response = await app.inject({ method, url: url.startsWith('/api') ? url : url.startsWith('!') ? url.slice(1) : `/api/v2/public${url}`, headers, ...(payload ? { payload } : {}) });
    const type = String(response.headers['content-type'] ?? '');
    return { status: response.statusCode, body: type.includes('json') && response.body ? response.json() : response.body, headers: response.headers, raw: response.rawPayload };
  };
  const ticketsOf = async (id: string) => (await call('GET', `/reservation/${id}`)).body.ticketsByCategory.flatMap((c: { tickets: { uuid: string }[] }) => c.tickets);

  /** Reserves `amount` tickets of category 1 and completes the order (free, or paid at the desk). */
  const buy = async (shortName: string, amount: number, proxy: string | null = null, answers: Record<string, string[]> = {}): Promise<string> => {
    const reserved = await call('POST', `/event/${shortName}/reserve-tickets?lang=en`, { reservation: [{ ticketCategoryId: 1, amount }] });
    expect(reserved.status, JSON.stringify(reserved.body)).toBe(200);
    const id = reserved.body.value as string;
    const tickets = Object.fromEntries(
      (await ticketsOf(id)).map((t: { uuid: string }, i: number) => [t.uuid, { firstName: `Guest${i}`, lastName: 'Smith', email: `guest${i}@example.org`, additional: answers }]),
    );
    expect((await call('POST', `/reservation/${id}/validate-to-overview?lang=en`, { ...ada, tickets })).status).toBe(200);
    const confirmed = await call('POST', `/reservation/${id}?lang=en`, { termAndConditionsAccepted: true, privacyPolicyAccepted: true, ...(proxy ? { paymentProxy: proxy } : {}) });
    expect(confirmed.status).toBe(200);
    expect((await call('GET', `/reservation/${id}`)).body.status).toBe('COMPLETE');
    return id;
  };

  beforeAll(async () => {
    catcher = await startMailCatcher();
    app = await startTestApp({ RATE_LIMITS: 'off', RESERVATION_SWEEP_INTERVAL_MS: '0', SMTP_URL: `smtp://127.0.0.1:${catcher.port}`, MAIL_FROM: 'tickets@acme.test' });
    headers = await app.session();
    await app.given('organizer-acme', [catalogEvent({ type: 'OrganizerRegistered', data: { organizer: organizer() } })]);
    const start = localDaysFrom(now, 30);
    const end = localDaysFrom(now, 30, '23:00:00');
    await app.given('event-meetup', [
      catalogEvent({
        type: 'EventPublished',
        data: { event: eventDetails({ shortName: 'meetup', start, end, allowedPaymentProxies: [], allowFreeTicketsCancellation: true, displayTicketsLeft: true }) },
      }),
      catalogEvent({ type: 'CapacityDefined', data: inEvent('meetup', { capacity: { id: 1, key: 'room', name: 'Room', size: 3 } }) }),
      catalogEvent({ type: 'TicketCategoryAdded', data: inEvent('meetup', { category: ticketCategory({ id: 1, key: 'free', price: 0, capacityId: 1, name: { en: 'Community', it: 'Comunità' } }) }) }),
      catalogEvent({ type: 'AttendeeFieldAdded', data: inEvent('meetup', { field: attendeeField({ name: 'company', required: true }) }) }),
    ]);
    await app.given('event-gala', [
      catalogEvent({ type: 'EventPublished', data: { event: eventDetails({ shortName: 'gala', start, end, allowedPaymentProxies: ['ON_SITE'], allowFreeTicketsCancellation: true }) } }),
      catalogEvent({ type: 'CapacityDefined', data: inEvent('gala', { capacity: { id: 1, key: 'hall', name: 'Hall', size: 10 } }) }),
      catalogEvent({ type: 'TicketCategoryAdded', data: inEvent('gala', { category: ticketCategory({ id: 1, key: 'regular', price: 4500, capacityId: 1 }) }) }),
    ]);
    const hourAgo = new Date(now.getTime() - 3_600_000);
    const local = (d: Date) => d.toISOString().slice(0, 19); // the event's zone is UTC below
    await app.given('event-webinar', [
      catalogEvent({
        type: 'EventPublished',
        data: {
          event: eventDetails({
            shortName: 'webinar',
            format: 'ONLINE',
            location: null,
            timeZone: 'UTC',
            start,
            end,
            allowedPaymentProxies: [],
            assignment: { forceAssignment: false, enableAttendeeAutocomplete: true, enableTicketTransfer: false },
            joinLinks: [{ url: 'https://meet.example.org/room-1', validFrom: local(hourAgo), validTo: local(new Date(now.getTime() + 3_600_000)), categories: [] }],
          }),
        },
      }),
      catalogEvent({ type: 'TicketCategoryAdded', data: inEvent('webinar', { category: ticketCategory({ id: 1, key: 'live', price: 0 }) }) }),
    ]);
    await app.given('event-full-house', [
      catalogEvent({
        type: 'EventPublished',
        data: { event: eventDetails({ shortName: 'full-house', start, end, allowedPaymentProxies: [], allowFreeTicketsCancellation: true, waitingListEnabled: true }) },
      }),
      catalogEvent({ type: 'CapacityDefined', data: inEvent('full-house', { capacity: { id: 1, key: 'room', name: 'Room', size: 1 } }) }),
      catalogEvent({ type: 'TicketCategoryAdded', data: inEvent('full-house', { category: ticketCategory({ id: 1, key: 'free', price: 0, capacityId: 1 }) }) }),
    ]);
    await app.given('event-expo', [
      catalogEvent({ type: 'EventPublished', data: { event: eventDetails({ shortName: 'expo', format: 'HYBRID', start, end, allowedPaymentProxies: [] }) } }),
      catalogEvent({ type: 'TicketCategoryAdded', data: inEvent('expo', { category: ticketCategory({ id: 1, key: 'stream', price: 0, accessType: 'ONLINE' }) }) }),
    ]);
    await app.given('event-fair', [
      catalogEvent({ type: 'EventPublished', data: { event: eventDetails({ shortName: 'fair', start, end, allowedPaymentProxies: ['ON_SITE'] }) } }),
      catalogEvent({ type: 'TicketCategoryAdded', data: inEvent('fair', { category: ticketCategory({ id: 1, key: 'regular', price: 2000 }) }) }),
      catalogEvent({ type: 'AdditionalServiceAdded', data: inEvent('fair', { service: additionalService({ id: 1, key: 'tshirt', price: 1500, maxQtyPerOrder: 2 }) }) }),
      catalogEvent({
        type: 'AttendeeFieldAdded',
        data: inEvent('fair', { field: attendeeField({ name: 'size', type: 'select', required: true, restrictedValues: ['S', 'M', 'L'], additionalServiceId: 1 }) }),
      }),
    ]);
    await app.given('event-summit', [
      catalogEvent({
        type: 'EventPublished',
        data: {
          event: eventDetails({
            shortName: 'summit',
            format: 'ONLINE',
            location: null,
            timeZone: 'UTC',
            start,
            end,
            allowedPaymentProxies: [],
            joinLinks: [{ url: 'https://meet.example.org/later', validFrom: local(new Date(now.getTime() + 86_400_000)), validTo: local(new Date(now.getTime() + 90_000_000)), categories: [] }],
          }),
        },
      }),
      catalogEvent({ type: 'TicketCategoryAdded', data: inEvent('summit', { category: ticketCategory({ id: 1, key: 'live', price: 0 }) }) }),
    ]);
  });

  afterAll(async () => {
    await app?.close();
    await catcher?.close();
  });

  describe('a completed free order of two tickets', () => {
    let id: string;
    let first: string;
    let second: string;
    let confirmation: (typeof catcher.mails)[number];
    beforeAll(async () => {
      const mails = catcher.mails.length;
      id = await buy('meetup', 2, null, { company: ['Engines'] });
      [first, second] = (await ticketsOf(id)).map((t: { uuid: string }) => t.uuid);
      // the buyer's confirmation, and each ticket to its holder named at booking (another address than the buyer's)
      expect(catcher.mails.length).toBe(mails + 3);
      const sent = catcher.mails.slice(mails);
      confirmation = sent.find((m) => m.to[0] === 'ada@example.org')!;
      expect(sent.filter((m) => m !== confirmation).map((m) => [m.to[0], m.attachments.map((a) => a.contentType)])).toEqual([
        ['guest0@example.org', ['application/pdf', 'text/calendar']],
        ['guest1@example.org', ['application/pdf', 'text/calendar']],
      ]);
      for (const ticket of [first, second]) expect((await app.store.readStream(`ticket-${ticket}`)).map((e) => e.type)).toEqual(['TicketIssued', 'TicketSent']);
    });

    it("sends the buyer the confirmation with every ticket's PDF attached", async () => {
      expect(confirmation.to).toEqual(['ada@example.org']);
      expect(confirmation.attachments.map((a) => a.filename)).toEqual([`ticket-${first}.pdf`, `ticket-${second}.pdf`]);
      const text = await pdfText(confirmation.attachments[1]!.content);
      expect(text).toContain('Guest1 Smith');
      expect(text).toContain('Jazz Night');
    });

    it('shows a ticket (TicketInfo) with its holder, category, order and event dates', async () => {
      const { status, body } = await call('GET', `/event/meetup/ticket/${first}`);
      expect(status).toBe(200);
      expect(body).toMatchObject({
        fullName: 'Guest0 Smith',
        email: 'guest0@example.org',
        uuid: first,
        ticketCategoryName: 'Community',
        reservationFullName: 'Ada Lovelace',
        reservationId: id.slice(0, 8).toUpperCase(),
        deskPaymentRequired: false,
        timeZone: 'Europe/Zurich',
        additionalServiceWithData: [],
      });
      expect(body.formattedBeginDate.en).toMatch(/\d/);
    });

    it('lists it as its order does (.../full), with the flags of a free ticket that may be released', async () => {
      const { status, body } = await call('GET', `/event/meetup/ticket/${first}/full`);
      expect(status).toBe(200);
      expect(body.name).toBe('Community');
      expect(body.tickets).toHaveLength(1);
      expect(body.tickets[0]).toMatchObject({ uuid: first, assigned: true, acquired: true, locked: false, cancellationEnabled: true, sendMailEnabled: true, downloadEnabled: true });
      expect(body.tickets[0].ticketFieldConfigurationAfterStandard[0]).toMatchObject({ name: 'company', value: 'Engines' });
    });

    it('answers 404 for another event, an unknown ticket, and 422 for a malformed id', async () => {
      expect((await call('GET', `/event/gala/ticket/${first}`)).status).toBe(404);
      expect((await call('GET', `/event/meetup/ticket/00000000-0000-4000-8000-000000000000`)).status).toBe(404);
      expect((await call('GET', `/event/meetup/ticket/not-a-uuid`)).status).toBe(422);
    });

    it('refuses an invalid new holder with the form field names, and changes nothing', async () => {
      const { status, body } = await call('PUT', `/event/meetup/ticket/${first}`, { email: 'nope', firstName: '', lastName: 'Hopper', additional: { company: [''] } });
      expect(status).toBe(422);
      expect(body.validationErrors.map((e: { fieldName: string; code: string }) => `${e.fieldName}:${e.code}`)).toEqual([
        'email:error.email',
        'firstName:error.STEP_2_EMPTY_FIRSTNAME',
        'additional[company][0]:error.emptyField',
      ]);
      expect((await call('GET', `/event/meetup/ticket/${first}`)).body.fullName).toBe('Guest0 Smith');
    });

    it('hands the ticket to someone else: new holder everywhere, a new code, the ticket e-mailed to them', async () => {
      const oldCode = qrOf((await call('GET', `/event/meetup/ticket/${first}/code.png`)).raw);
      expect(oldCode).toMatch(new RegExp(`^${first}/`));
      const mails = catcher.mails.length;
      const { status, body } = await call('PUT', `/event/meetup/ticket/${first}`, { email: 'grace@example.org', firstName: 'Grace', lastName: 'Hopper', userLanguage: 'it', additional: { company: ['Navy'] } });
      expect(status).toBe(200);
      expect(body).toMatchObject({ success: true, value: true });
      expect((await call('GET', `/event/meetup/ticket/${first}`)).body).toMatchObject({ fullName: 'Grace Hopper', email: 'grace@example.org' });
      const listed = (await ticketsOf(id)).find((t: { uuid: string }) => t.uuid === first);
      expect(listed).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.org', userLanguage: 'it' });
      const newCode = qrOf((await call('GET', `/event/meetup/ticket/${first}/code.png`)).raw);
      expect(newCode).toMatch(new RegExp(`^${first}/`));
      expect(newCode).not.toBe(oldCode);
      await expect.poll(() => catcher.mails.length).toBe(mails + 1);
      const mail = catcher.mails.at(-1)!;
      expect(mail.to).toEqual(['grace@example.org']);
      expect(mail.text).toContain('ecco il tuo biglietto per Serata jazz');
      expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
        [`ticket-${first}.pdf`, 'application/pdf'],
        ['event.ics', 'text/calendar'],
      ]);
    });

    it('the same holder again changes nothing and sends nothing', async () => {
      const mails = catcher.mails.length;
      const before = (await app.store.readStream(`ticket-${first}`)).length;
      expect((await call('PUT', `/event/meetup/ticket/${first}`, { email: 'grace@example.org', firstName: 'Grace', lastName: 'Hopper', userLanguage: 'it', additional: { company: ['Navy'] } })).status).toBe(200);
      expect((await app.store.readStream(`ticket-${first}`)).length).toBe(before);
      expect(catcher.mails.length).toBe(mails);
    });

    it('eight concurrent updates of one ticket all answer 200, and the last one written is what it shows', async () => {
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) => call('PUT', `/event/meetup/ticket/${second}`, { email: 'guest1@example.org', firstName: `A${i}`, lastName: 'Smith', additional: { company: ['Engines'] } })),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
      const events = await app.store.readStream(`ticket-${second}`);
      const lastName = (events.at(-1)!.personal!.data as { holder: { firstName: string } }).holder.firstName;
      expect((await call('GET', `/event/meetup/ticket/${second}`)).body.fullName).toBe(`${lastName} Smith`);
    });

    it('downloads the ticket as a PDF naming the holder, the event, the category and the order', async () => {
      const { status, headers: h, raw } = await call('GET', `/api/v2/public/event/meetup/ticket/${first}/download-ticket`);
      expect(status).toBe(200);
      expect(h['content-type']).toBe('application/pdf');
      expect(h['content-disposition']).toBe(`attachment; filename=ticket-${first}.pdf`);
      expect(h['x-robots-tag']).toBe('noindex');
      const text = await pdfText(raw);
      // the holder chose Italian: the PDF speaks it
      for (const expected of ['Grace Hopper', 'Serata jazz', 'Comunità', id.slice(0, 8).toUpperCase()]) expect(text).toContain(expected);
    });

    it('sends the ticket by e-mail to its holder and records it on the ticket', async () => {
      const mails = catcher.mails.length;
      expect(await call('POST', `/event/meetup/ticket/${second}/send-ticket-by-email?lang=en`, {})).toMatchObject({ status: 200, body: true });
      expect(catcher.mails.length).toBe(mails + 1);
      const mail = catcher.mails.at(-1)!;
      expect(mail.to).toEqual(['guest1@example.org']);
      expect(mail.text).toContain('here is your ticket for Jazz Night');
      expect(mail.text).toMatch(/When: .* - .* \(Europe\/Zurich\)/);
      expect(mail.html).toContain('Show my ticket');
      const pdf = mail.attachments.find((a) => a.contentType === 'application/pdf')!;
      expect(await pdfText(pdf.content)).toContain('Jazz Night');
      expect((await app.store.readStream(`ticket-${second}`)).at(-1)!.type).toBe('TicketSent');
      // a holder who chose Italian gets it in Italian, whatever the language of the page that asked
      expect(await call('POST', `/event/meetup/ticket/${first}/send-ticket-by-email?lang=en`, {})).toMatchObject({ status: 200, body: true });
      const italian = catcher.mails.at(-1)!;
      expect([italian.to, italian.text.includes('ecco il tuo biglietto per Serata jazz')]).toEqual([['grace@example.org'], true]);
      expect(await pdfText(italian.attachments.find((a) => a.contentType === 'application/pdf')!.content)).toContain('Serata jazz');
    });

    it('records every send of many at once on one ticket: each mail the server took is a TicketSent in the log', async () => {
      const sentBefore = (await app.store.readStream(`ticket-${second}`)).filter((e) => e.type === 'TicketSent').length;
      const mails = catcher.mails.length;
      const answers = await Promise.all(Array.from({ length: 10 }, () => call('POST', `/event/meetup/ticket/${second}/send-ticket-by-email?lang=en`, {})));
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
      expect(catcher.mails.length - mails).toBe(10);
      const sent = (await app.store.readStream(`ticket-${second}`)).filter((e) => e.type === 'TicketSent').length;
      expect(sent - sentBefore).toBe(10);
    });

    it('releases a free ticket: its seat is back on sale, the order lists one ticket, the ticket is gone', async () => {
      const left = async () => (await call('GET', '/event/meetup/ticket-categories')).body.ticketCategories[0].availableTickets;
      expect(await left()).toBe(1);
      expect(await call('DELETE', `/event/meetup/ticket/${first}`)).toMatchObject({ status: 200, body: true });
      expect(await left()).toBe(2);
      expect((await ticketsOf(id)).map((t: { uuid: string }) => t.uuid)).toEqual([second]);
      // and its summary counts one ticket, as the list does
      const summary = (await call('GET', `/reservation/${id}`)).body.orderSummary;
      expect(summary.summary.map((r: { type: string; amount: number }) => [r.type, r.amount])).toEqual([['TICKET', 1]]);
      expect(summary.descriptionForPayment).toMatch(/^1 x /);
      // the confirmation sent again lists and attaches the ticket kept, not the one given back
      const mailsBefore = catcher.mails.length;
      expect(await call('POST', `/event/meetup/reservation/${id}/re-send-email?lang=en`)).toMatchObject({ status: 200, body: true });
      const again = catcher.mails[mailsBefore]!;
      expect(again.text).toMatch(/\b1 x /);
      expect(again.text).not.toMatch(/\b2 x /);
      expect(again.attachments.filter((a) => a.contentType === 'application/pdf').map((a) => a.filename)).toEqual([`ticket-${second}.pdf`]);
      expect((await call('GET', `/event/meetup/ticket/${first}`)).status).toBe(404);
      expect((await call('GET', `/event/meetup/ticket/${first}/download-ticket`)).status).toBe(403);
      // once released, releasing again or an unknown ticket is "released"
      expect(await call('DELETE', `/event/meetup/ticket/${first}`)).toMatchObject({ status: 200, body: true });
      const inventory = await app.store.readStream('inventory-meetup');
      expect(inventory.at(-1)).toMatchObject({ type: 'TicketReturned', data: { ticketId: first, categoryId: 1 } });
    });

    it("removes the order with its last ticket (reference 35): found no more, nothing left taken, the removal in the release's append", async () => {
      const left = async () => (await call('GET', '/event/meetup/ticket-categories')).body.ticketCategories[0].availableTickets;
      expect(await left()).toBe(2);
      expect(await call('DELETE', `/event/meetup/ticket/${second}`)).toMatchObject({ status: 200, body: true });
      expect(await left()).toBe(3);
      expect((await call('GET', `/reservation/${id}`)).status).toBe(404);
      expect((await call('GET', `/reservation/${id}/status`)).status).toBe(404);
      const mailsBefore = catcher.mails.length;
      expect(await call('POST', `/event/meetup/reservation/${id}/re-send-email?lang=en`)).toMatchObject({ status: 200, body: false });
      expect(catcher.mails.length).toBe(mailsBefore);
      const [returned, released] = (await app.store.readStream('inventory-meetup')).slice(-2);
      expect([returned?.type, released?.type]).toEqual(['TicketReturned', 'HoldReleased']);
      expect(released!.data).toMatchObject({ reservationId: id, reason: 'CANCELLED', tickets: [] });
      const removal = (await app.store.readStream(`reservation-${id}`)).at(-1)!;
      expect(removal).toMatchObject({ type: 'ReservationCancelled', data: { reservationId: id, eventShortName: 'meetup' } });
      // one append, one command: the seat back, the ticket released, the order removed
      const ticketReleased = (await app.store.readStream(`ticket-${second}`)).at(-1)!;
      expect(ticketReleased.type).toBe('TicketReleased');
      expect([released!.position + 1n, released!.position + 2n]).toEqual([ticketReleased.position, removal.position]);
      expect(removal.metadata).toEqual(released!.metadata);
    });
  });

  describe('a ticket with a supplement item that asks a question (reference 34, additionalServices)', () => {
    let id: string;
    let ticket: string;
    let itemId: number;
    const holder = { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.org' };
    const items = (size: string) => ({ [ticket]: [{ additionalServiceItemId: itemId, ticketUUID: ticket, additional: { size: [size] } }] });
    /** The answer about the item as the ticket (TicketInfo) and its order (ReservationInfo) show it. */
    const shownSize = async () => {
      const sizeOf = (services: { itemId: number; ticketFieldConfiguration: { name: string; value: string | null }[] }[]) =>
        services.find((s) => s.itemId === itemId)?.ticketFieldConfiguration.find((f) => f.name === 'size')?.value;
      return [sizeOf((await call('GET', `/event/fair/ticket/${ticket}`)).body.additionalServiceWithData), sizeOf((await call('GET', `/reservation/${id}`)).body.additionalServiceWithData)];
    };

    beforeAll(async () => {
      const reserved = await call('POST', '/event/fair/reserve-tickets?lang=en', { reservation: [{ ticketCategoryId: 1, amount: 1 }], additionalService: [{ additionalServiceId: 1, quantity: 1 }] });
      expect(reserved.status, JSON.stringify(reserved.body)).toBe(200);
      id = reserved.body.value;
      [ticket] = (await ticketsOf(id)).map((t: { uuid: string }) => t.uuid);
      itemId = (await call('GET', `/reservation/${id}`)).body.additionalServiceWithData[0].itemId;
      const booked = await call('POST', `/reservation/${id}/validate-to-overview?lang=en`, { ...ada, tickets: { [ticket]: { ...holder, additional: {} } }, additionalServices: items('M') });
      expect(booked.status, JSON.stringify(booked.body)).toBe(200);
      expect((await call('POST', `/reservation/${id}?lang=en`, { termAndConditionsAccepted: true, privacyPolicyAccepted: true, paymentProxy: 'ON_SITE' })).status).toBe(200);
      expect(await shownSize()).toEqual(['M', 'M']);
    });

    it('refuses an answer the booking step would refuse, under its field name, and changes nothing', async () => {
      const bad = await call('PUT', `/event/fair/ticket/${ticket}`, { ...holder, additional: {}, additionalServices: items('XXL') });
      expect(bad.status).toBe(422);
      expect(bad.body.validationErrors).toEqual([{ fieldName: `additionalServices[${ticket}][0].additional[size][0]`, code: 'error.restrictedValue', arguments: null }]);
      const empty = await call('PUT', `/event/fair/ticket/${ticket}`, { ...holder, additional: {}, additionalServices: { [ticket]: [{ additionalServiceItemId: itemId, ticketUUID: ticket, additional: {} }] } });
      expect(empty.status).toBe(422);
      expect(empty.body.validationErrors).toEqual([{ fieldName: `additionalServices[${ticket}][0].additional[size][0]`, code: 'error.emptyField', arguments: null }]);
      expect(await shownSize()).toEqual(['M', 'M']);
    });

    it('records a new answer on the order, the holder unchanged', async () => {
      const stream = `reservation-${id}`;
      const before = (await app.store.readStream(stream)).length;
      const updated = await call('PUT', `/event/fair/ticket/${ticket}`, { ...holder, additional: {}, additionalServices: items('L') });
      expect(updated.status, JSON.stringify(updated.body)).toBe(200);
      expect(updated.body).toMatchObject({ success: true, value: true });
      expect(await shownSize()).toEqual(['L', 'L']);
      expect((await app.store.readStream(stream)).slice(before).map((e) => e.type)).toEqual(['BookingDetailsRecorded']);
      // the same answer again records nothing
      expect((await call('PUT', `/event/fair/ticket/${ticket}`, { ...holder, additional: {}, additionalServices: items('L') })).status).toBe(200);
      expect((await app.store.readStream(stream)).length).toBe(before + 1);
    });

    it('records a new holder and a new answer together', async () => {
      const updated = await call('PUT', `/event/fair/ticket/${ticket}`, { ...holder, firstName: 'Anita', additional: {}, additionalServices: items('S') });
      expect(updated.status, JSON.stringify(updated.body)).toBe(200);
      expect(await shownSize()).toEqual(['S', 'S']);
      expect((await call('GET', `/event/fair/ticket/${ticket}`)).body.fullName).toBe('Anita Hopper');
    });
  });

  describe('a ticket whose answers to fields that are not editable are read-only once given (spec 4, field locking)', () => {
    let id: string;
    let ticket: string;
    let itemId: number;
    const holder = { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.org' };
    const items = (additional: Record<string, string[]>) => ({ [ticket]: [{ additionalServiceItemId: itemId, ticketUUID: ticket, additional }] });
    /** Unanswered: null (the ticket's view) or '' (the item's). */
    const valuesOf = (fields: { name: string; value: string | null }[]) => Object.fromEntries(fields.map((f) => [f.name, f.value || null]));
    /** The ticket's answers and those about its item, as the ticket page (.../full, TicketInfo) shows them. */
    const shown = async () => ({
      ticket: valuesOf((await call('GET', `/event/forum/ticket/${ticket}/full`)).body.tickets[0].ticketFieldConfigurationAfterStandard),
      item: valuesOf((await call('GET', `/event/forum/ticket/${ticket}`)).body.additionalServiceWithData.find((s: { itemId: number }) => s.itemId === itemId).ticketFieldConfiguration),
    });

    beforeAll(async () => {
      const field = (name: string, editable: boolean, more: object = {}) =>
        catalogEvent({ type: 'AttendeeFieldAdded', data: inEvent('forum', { field: attendeeField({ name, editable, required: false, label: { en: name }, ...more }) }) });
      await app.given('event-forum', [
        catalogEvent({ type: 'EventPublished', data: { event: eventDetails({ shortName: 'forum', start: localDaysFrom(now, 30), end: localDaysFrom(now, 30, '23:00:00'), allowedPaymentProxies: ['ON_SITE'] }) } }),
        catalogEvent({ type: 'TicketCategoryAdded', data: inEvent('forum', { category: ticketCategory({ id: 1, key: 'regular', price: 2000 }) }) }),
        catalogEvent({ type: 'AdditionalServiceAdded', data: inEvent('forum', { service: additionalService({ id: 1, key: 'tshirt', price: 1500, maxQtyPerOrder: 2 }) }) }),
        field('tshirt', false, { type: 'select', required: true, restrictedValues: ['S', 'M', 'L'], ordinal: 1 }),
        field('company', true, { ordinal: 2 }),
        field('nickname', false, { ordinal: 3 }),
        field('size', false, { type: 'select', restrictedValues: ['S', 'M', 'L'], additionalServiceId: 1, ordinal: 4 }),
        field('engraving', true, { additionalServiceId: 1, ordinal: 5 }),
      ]);
      const reserved = await call('POST', '/event/forum/reserve-tickets?lang=en', { reservation: [{ ticketCategoryId: 1, amount: 1 }], additionalService: [{ additionalServiceId: 1, quantity: 1 }] });
      expect(reserved.status, JSON.stringify(reserved.body)).toBe(200);
      id = reserved.body.value;
      [ticket] = (await ticketsOf(id)).map((t: { uuid: string }) => t.uuid);
      itemId = (await call('GET', `/reservation/${id}`)).body.additionalServiceWithData[0].itemId;
      const booked = await call('POST', `/reservation/${id}/validate-to-overview?lang=en`, {
        ...ada,
        tickets: { [ticket]: { ...holder, additional: { tshirt: ['M'], company: ['Engines'] } } },
        additionalServices: items({ size: ['M'] }),
      });
      expect(booked.status, JSON.stringify(booked.body)).toBe(200);
      expect((await call('POST', `/reservation/${id}?lang=en`, { termAndConditionsAccepted: true, privacyPolicyAccepted: true, paymentProxy: 'ON_SITE' })).status).toBe(200);
      expect(await shown()).toEqual({ ticket: { tshirt: 'M', company: 'Engines', nickname: null }, item: { size: 'M', engraving: null } });
    });

    it('keeps them whatever the form sends, and takes the editable answers and the first answer to an unanswered field', async () => {
      const updated = await call('PUT', `/event/forum/ticket/${ticket}`, {
        ...holder,
        additional: { tshirt: ['L'], company: ['Navy'], nickname: ['Amazing Grace'] },
        additionalServices: items({ size: ['L'], engraving: ['GH'] }),
      });
      expect(updated.status, JSON.stringify(updated.body)).toBe(200);
      expect(await shown()).toEqual({ ticket: { tshirt: 'M', company: 'Navy', nickname: 'Amazing Grace' }, item: { size: 'M', engraving: 'GH' } });
    });

    it('does not let a form that leaves them out or blanks them erase them', async () => {
      const updated = await call('PUT', `/event/forum/ticket/${ticket}`, {
        ...holder,
        additional: { tshirt: ['M'], company: [''], nickname: [''] },
        additionalServices: items({ size: [''], engraving: [''] }),
      });
      expect(updated.status, JSON.stringify(updated.body)).toBe(200);
      expect(await shown()).toEqual({ ticket: { tshirt: 'M', company: null, nickname: 'Amazing Grace' }, item: { size: 'M', engraving: null } });
      // a change of them alone records nothing
      const streams = [`ticket-${ticket}`, `reservation-${id}`];
      const before = await Promise.all(streams.map(async (s) => (await app.store.readStream(s)).length));
      const again = await call('PUT', `/event/forum/ticket/${ticket}`, { ...holder, additional: { tshirt: ['S'], nickname: ['Grace'] }, additionalServices: items({ size: ['S'] }) });
      expect(again.status, JSON.stringify(again.body)).toBe(200);
      expect(await Promise.all(streams.map(async (s) => (await app.store.readStream(s)).length))).toEqual(before);
    });
  });

  describe('an order whose assignment was postponed', () => {
    it('names no holder until one is given on the ticket page, which sends the ticket to that holder', async () => {
      const reserved = await call('POST', '/event/meetup/reserve-tickets?lang=en', { reservation: [{ ticketCategoryId: 1, amount: 2 }] });
      const id = reserved.body.value as string;
      expect((await call('POST', `/reservation/${id}/validate-to-overview?lang=en`, { ...ada, postponeAssignment: true })).status).toBe(200);
      expect((await call('POST', `/reservation/${id}?lang=en`, { termAndConditionsAccepted: true, privacyPolicyAccepted: true })).status).toBe(200);
      const [ticket] = await ticketsOf(id);
      expect(ticket).toMatchObject({ assigned: false, locked: false, sendMailEnabled: false });
      expect((await call('GET', `/event/meetup/ticket/${ticket.uuid}`)).status).toBe(404);
      const mails = catcher.mails.length;
      const assigned = await call('PUT', `/event/meetup/ticket/${ticket.uuid}`, { email: 'grace@example.org', firstName: 'Grace', lastName: 'Hopper', additional: { company: ['Navy'] } });
      expect(assigned.status).toBe(200);
      expect((await call('GET', `/event/meetup/ticket/${ticket.uuid}`)).body.fullName).toBe('Grace Hopper');
      expect(catcher.mails.length).toBe(mails + 1);
      expect(catcher.mails.at(-1)!.to).toEqual(['grace@example.org']);
      // the seat it takes was counted when the order completed: releasing it gives one back
      expect((await call('DELETE', `/event/meetup/ticket/${ticket.uuid}`)).body).toBe(true);
    });
  });

  describe('a sold-out event with people on its waiting list', () => {
    it("keeps a released ticket's seat for them instead of putting it on sale", async () => {
      const id = await buy('full-house', 1);
      const [ticket] = (await ticketsOf(id)).map((t: { uuid: string }) => t.uuid);
      const waiting = { firstName: 'Wanda', lastName: 'Waiting', email: 'wanda@example.org', userLanguage: 'en', termAndConditionsAccepted: true, privacyPolicyAccepted: true };
      expect((await call('POST', '/event/full-house/waiting-list/subscribe', waiting)).body.value).toBe(true);
      expect((await call('DELETE', `/event/full-house/ticket/${ticket}`)).body).toBe(true);
      // the order's only ticket: its sale ends with it (HoldReleased), and the seat is kept for the waiting list
      const [returned, ended, setAside] = (await app.store.readStream('inventory-full-house')).slice(-3);
      expect(returned).toMatchObject({ type: 'TicketReturned', data: { ticketId: ticket } });
      expect(ended).toMatchObject({ type: 'HoldReleased', data: { reservationId: id, reason: 'CANCELLED' } });
      expect(setAside).toMatchObject({ type: 'SeatsHeld', data: { forWaitingList: true, tickets: [{ categoryId: 1, quantity: 1 }] } });
      expect((await call('GET', '/event/full-house/ticket-categories')).body.ticketCategories[0].maximumSaleableTickets).toBe(0);
    });
  });

  describe('a ticket paid at the desk', () => {
    it('prints the desk notice and may not be released (400 false)', async () => {
      const id = await buy('gala', 1, 'ON_SITE');
      const [ticket] = (await ticketsOf(id)).map((t: { uuid: string }) => t.uuid);
      expect((await call('GET', `/event/gala/ticket/${ticket}`)).body.deskPaymentRequired).toBe(true);
      const text = await pdfText((await call('GET', `/event/gala/ticket/${ticket}/download-ticket`)).raw);
      expect(text).toContain('you will have to pay the amount due on arrival');
      expect(text).toContain('CHF 45.00');
      expect(await call('DELETE', `/event/gala/ticket/${ticket}`)).toMatchObject({ status: 400, body: false });
      expect((await call('GET', `/event/gala/ticket/${ticket}`)).status).toBe(200);
    });
  });

  describe('an order of a free and a paid ticket (reference 33, 35)', () => {
    it("gives each ticket's page (.../full) the release flag of its own price, as the order's page does", async () => {
      await app.given('event-duo', [
        catalogEvent({ type: 'EventPublished', data: { event: eventDetails({ shortName: 'duo', start: localDaysFrom(now, 30), end: localDaysFrom(now, 30, '23:00:00'), allowedPaymentProxies: ['ON_SITE'], allowFreeTicketsCancellation: true }) } }),
        catalogEvent({ type: 'TicketCategoryAdded', data: inEvent('duo', { category: ticketCategory({ id: 1, key: 'guest', price: 0, name: { en: 'Guest' } }) }) }),
        catalogEvent({ type: 'TicketCategoryAdded', data: inEvent('duo', { category: ticketCategory({ id: 2, key: 'regular', price: 3000, name: { en: 'Regular' } }) }) }),
      ]);
      const reserved = await call('POST', '/event/duo/reserve-tickets?lang=en', { reservation: [{ ticketCategoryId: 1, amount: 1 }, { ticketCategoryId: 2, amount: 1 }] });
      expect(reserved.status, JSON.stringify(reserved.body)).toBe(200);
      const id = reserved.body.value as string;
      const tickets = Object.fromEntries((await ticketsOf(id)).map((t: { uuid: string }, i: number) => [t.uuid, { firstName: `Guest${i}`, lastName: 'Smith', email: `guest${i}@example.org` }]));
      expect((await call('POST', `/reservation/${id}/validate-to-overview?lang=en`, { ...ada, tickets })).status).toBe(200);
      expect((await call('POST', `/reservation/${id}?lang=en`, { termAndConditionsAccepted: true, privacyPolicyAccepted: true, paymentProxy: 'ON_SITE' })).status).toBe(200);
      const groups = (await call('GET', `/reservation/${id}`)).body.ticketsByCategory as { name: string; tickets: { uuid: string; cancellationEnabled: boolean }[] }[];
      const onOrder = Object.fromEntries(groups.map((g) => [g.name, g.tickets[0]!]));
      expect([onOrder.Guest!.cancellationEnabled, onOrder.Regular!.cancellationEnabled]).toEqual([true, false]);
      const onPage = async (uuid: string) => (await call('GET', `/event/duo/ticket/${uuid}/full`)).body.tickets[0].cancellationEnabled;
      expect([await onPage(onOrder.Guest!.uuid), await onPage(onOrder.Regular!.uuid)]).toEqual([true, false]);
      // the action agrees with the flag
      expect(await call('DELETE', `/event/duo/ticket/${onOrder.Regular!.uuid}`)).toMatchObject({ status: 400, body: false });
      expect(await call('DELETE', `/event/duo/ticket/${onOrder.Guest!.uuid}`)).toMatchObject({ status: 200, body: true });
    });
  });

  describe("giving a free ticket back: alf.io's rule (reference 35, BookingInfoTicketLoader cancellationEnabled)", () => {
    const flagOf = async (shortName: string, uuid: string) => (await call('GET', `/event/${shortName}/ticket/${uuid}/full`)).body.tickets[0].cancellationEnabled;

    it('is refused once the event is over, and its page no longer offers it', async () => {
      const open = eventDetails({ shortName: 'brunch', start: localDaysFrom(now, 30), end: localDaysFrom(now, 30, '23:00:00'), allowedPaymentProxies: [], allowFreeTicketsCancellation: true });
      await app.given('event-brunch', [
        catalogEvent({ type: 'EventPublished', data: { event: open } }),
        catalogEvent({ type: 'TicketCategoryAdded', data: inEvent('brunch', { category: ticketCategory({ id: 1, key: 'free', price: 0 }) }) }),
      ]);
      const id = await buy('brunch', 1);
      const [ticket] = (await ticketsOf(id)).map((t: { uuid: string }) => t.uuid);
      expect(await flagOf('brunch', ticket)).toBe(true);
      await app.given('event-brunch', [catalogEvent({ type: 'EventDetailsChanged', data: { event: { ...open, start: localDaysFrom(now, -2), end: localDaysFrom(now, -2, '23:00:00') } } })]);
      expect(await flagOf('brunch', ticket)).toBe(false);
      expect((await ticketsOf(id))[0].cancellationEnabled).toBe(false);
      expect(await call('DELETE', `/event/brunch/ticket/${ticket}`)).toMatchObject({ status: 400, body: false });
      expect((await app.store.readStream(`ticket-${ticket}`)).some((e) => e.type === 'TicketReleased')).toBe(false);
    });

    it('is refused when the order has a paid supplement, which would stay without its ticket', async () => {
      await app.given('event-dinner', [
        catalogEvent({
          type: 'EventPublished',
          data: { event: eventDetails({ shortName: 'dinner', start: localDaysFrom(now, 30), end: localDaysFrom(now, 30, '23:00:00'), allowedPaymentProxies: ['ON_SITE'], allowFreeTicketsCancellation: true }) },
        }),
        catalogEvent({ type: 'TicketCategoryAdded', data: inEvent('dinner', { category: ticketCategory({ id: 1, key: 'free', price: 0 }) }) }),
        catalogEvent({ type: 'AdditionalServiceAdded', data: inEvent('dinner', { service: additionalService({ id: 1, key: 'dinner', price: 2500 }) }) }),
      ]);
      const reserved = await call('POST', '/event/dinner/reserve-tickets?lang=en', { reservation: [{ ticketCategoryId: 1, amount: 1 }], additionalService: [{ additionalServiceId: 1, quantity: 1 }] });
      expect(reserved.status, JSON.stringify(reserved.body)).toBe(200);
      const id = reserved.body.value as string;
      const [ticket] = (await ticketsOf(id)).map((t: { uuid: string }) => t.uuid);
      const itemId = (await call('GET', `/reservation/${id}`)).body.additionalServiceWithData[0].itemId;
      const booked = await call('POST', `/reservation/${id}/validate-to-overview?lang=en`, {
        ...ada,
        tickets: { [ticket]: { ...ada, additional: {} } },
        additionalServices: { [ticket]: [{ additionalServiceItemId: itemId, ticketUUID: ticket, additional: {} }] },
      });
      expect(booked.status, JSON.stringify(booked.body)).toBe(200);
      expect((await call('POST', `/reservation/${id}?lang=en`, { termAndConditionsAccepted: true, privacyPolicyAccepted: true, paymentProxy: 'ON_SITE' })).status).toBe(200);
      expect((await ticketsOf(id))[0].cancellationEnabled).toBe(false);
      expect(await flagOf('dinner', ticket)).toBe(false);
      expect(await call('DELETE', `/event/dinner/ticket/${ticket}`)).toMatchObject({ status: 400, body: false });
      expect((await call('GET', `/event/dinner/ticket/${ticket}`)).status).toBe(200);
    });

    it('double-clicked: every call answers 200 true, and the seat comes back once', async () => {
      await app.given('event-picnic', [
        catalogEvent({ type: 'EventPublished', data: { event: eventDetails({ shortName: 'picnic', start: localDaysFrom(now, 30), end: localDaysFrom(now, 30, '23:00:00'), allowedPaymentProxies: [], allowFreeTicketsCancellation: true }) } }),
        catalogEvent({ type: 'TicketCategoryAdded', data: inEvent('picnic', { category: ticketCategory({ id: 1, key: 'free', price: 0 }) }) }),
      ]);
      const id = await buy('picnic', 1);
      const [ticket] = (await ticketsOf(id)).map((t: { uuid: string }) => t.uuid);
      const answers = await Promise.all(Array.from({ length: 3 }, () => call('DELETE', `/event/picnic/ticket/${ticket}`)));
      expect(answers.map((a) => [a.status, a.body])).toEqual(Array(3).fill([200, true]));
      expect((await app.store.readStream(`ticket-${ticket}`)).filter((e) => e.type === 'TicketReleased')).toHaveLength(1);
      expect((await app.store.readStream('inventory-picnic')).filter((e) => e.type === 'TicketReturned')).toHaveLength(1);
    });

    it('sent by e-mail while released: each answer true or 404, and every mail that went out is a TicketSent in the log', async () => {
      for (let round = 0; round < 3; round++) {
        const id = await buy('picnic', 1);
        const [ticket] = (await ticketsOf(id)).map((t: { uuid: string }) => t.uuid);
        const sentRecords = async () => (await app.store.readStream(`ticket-${ticket}`)).filter((e) => e.type === 'TicketSent').length;
        // the purchase sends the holder the ticket (recorded): that mail first, so only the race's is counted
        const toHolder = () => catcher.mails.filter((m) => m.to.includes('guest0@example.org')).length;
        for (let waited = 0; (await sentRecords()) === 0 && waited < 100; waited++) await new Promise((resolve) => setTimeout(resolve, 50));
        expect(await sentRecords()).toBe(1);
        const mailsBefore = toHolder();
        const recordsBefore = await sentRecords();
        const [sent, released] = await Promise.all([call('POST', `/event/picnic/ticket/${ticket}/send-ticket-by-email?lang=en`, {}), call('DELETE', `/event/picnic/ticket/${ticket}`)]);
        expect(released).toMatchObject({ status: 200, body: true });
        expect([200, 404]).toContain(sent.status);
        if (sent.status === 200) expect(sent.body).toBe(true);
        await new Promise((resolve) => setTimeout(resolve, 300)); // a mail on its way reaches the catcher
        const mails = toHolder() - mailsBefore;
        const records = (await sentRecords()) - recordsBefore;
        expect([mails, records], `round ${round}: answer ${sent.status}`).toEqual([sent.status === 200 ? 1 : 0, sent.status === 200 ? 1 : 0]);
      }
    });

    it("both tickets of an order released at once: both seats back, the order removed once, by the last one's release", async () => {
      const id = await buy('picnic', 2);
      const tickets = (await ticketsOf(id)).map((t: { uuid: string }) => t.uuid);
      const answers = await Promise.all(tickets.map((ticket: string) => call('DELETE', `/event/picnic/ticket/${ticket}`)));
      expect(answers.map((a) => [a.status, a.body])).toEqual([
        [200, true],
        [200, true],
      ]);
      const ofOrder = (await app.store.readStream('inventory-picnic')).filter((e) => (e.data as { reservationId?: string }).reservationId === id);
      expect(ofOrder.slice(-3).map((e) => e.type)).toEqual(['TicketReturned', 'TicketReturned', 'HoldReleased']);
      expect((await app.store.readStream(`reservation-${id}`)).filter((e) => e.type === 'ReservationCancelled')).toHaveLength(1);
      expect((await call('GET', `/reservation/${id}`)).status).toBe(404);
    });
  });

  describe('online check-in', () => {
    it('with the right code and an open link: checks the ticket in once and goes to the link', async () => {
      const id = await buy('webinar', 1);
      const [ticket] = (await ticketsOf(id)).map((t: { uuid: string }) => t.uuid);
      const code = qrOf((await call('GET', `/event/webinar/ticket/${ticket}/code.png`)).raw)!;
      const hash = checkInCodeOf(code);
      const info = await call('GET', `/event/webinar/ticket/${ticket}/code/${hash}/check-in-info?tz=America/New_York`);
      expect(info.status).toBe(200);
      expect(info.body).toMatchObject({ timeZone: 'UTC', sameDay: true });
      expect(info.body.datesWithOffset.startTimeZoneOffset).toBeLessThan(0);
      expect((await call('GET', `/event/webinar/ticket/${ticket}/code/${'0'.repeat(64)}/check-in-info`)).status).toBe(404);

      const entered = await call('GET', `!/event/webinar/ticket/${ticket}/check-in/${hash}`);
      expect(entered.status).toBe(302);
      expect(entered.headers.location).toBe('https://meet.example.org/room-1');
      expect((await call('GET', `!/event/webinar/ticket/${ticket}/check-in/${hash}`)).headers.location).toBe('https://meet.example.org/room-1');
      const checkIns = (await app.store.readStream(`ticket-${ticket}`)).filter((e) => e.type === 'TicketCheckedIn');
      expect(checkIns).toHaveLength(1);
      expect((await call('GET', `!/event/webinar/ticket/${ticket}/check-in/${'f'.repeat(64)}`)).headers.location).toBe('/');
      // online tickets are not downloaded (the link is the ticket); they may join from the link's opening, a month before the event's start
      const opens = dotted(new Date(now.getTime() - 3_600_000));
      expect((await call('GET', `/event/webinar/ticket/${ticket}/full`)).body.tickets[0]).toMatchObject({
        downloadEnabled: false,
        locked: true,
        onlineEventStarted: true,
        formattedOnlineCheckInDate: { en: opens, it: opens },
      });
      // their e-mail carries the check-in link, the way in
      expect((await call('POST', `/event/webinar/ticket/${ticket}/send-ticket-by-email?lang=en`, {})).body).toBe(true);
      const mail = catcher.mails.at(-1)!;
      expect(mail.text).toContain(`Join the event: http://localhost`);
      expect(mail.text).toContain(`/event/webinar/ticket/${ticket}/check-in/${hash}`);
      expect(mail.text).toContain('an online event');
    });

    it('shows the poll PIN on the ticket once it is checked in and its event has a poll that is not DRAFT', async () => {
      await app.given('event-webinar', [catalogEvent({ type: 'PollAdded', data: inEvent('webinar', { poll: poll({ id: 1, status: 'DRAFT' }) }) })]);
      const id = await buy('webinar', 1);
      const [ticket] = (await ticketsOf(id)).map((t: { uuid: string }) => t.uuid);
      const hash = checkInCodeOf(qrOf((await call('GET', `/event/webinar/ticket/${ticket}/code.png`)).raw)!);
      expect((await call('GET', `/event/webinar/ticket/${ticket}`)).body.pollPin).toBeNull();
      expect((await call('GET', `!/event/webinar/ticket/${ticket}/check-in/${hash}`)).status).toBe(302);
      // checked in, but the only poll is a DRAFT
      expect((await call('GET', `/event/webinar/ticket/${ticket}`)).body.pollPin).toBeNull();
      await app.given('event-webinar', [catalogEvent({ type: 'PollChanged', data: inEvent('webinar', { poll: poll({ id: 1, status: 'OPEN' }) }) })]);
      const pin = (await call('GET', `/event/webinar/ticket/${ticket}`)).body.pollPin;
      expect(pin).toBe(pollPinOf(ticket!));
      // the PIN it shows is the one the poll calls take
      const polls = await call('GET', `/event/webinar/poll?pin=${pin}`);
      expect(polls.status).toBe(200);
      expect(polls.body.value.map((p: { id: number }) => p.id)).toEqual([1]);
      expect((await call('POST', '/event/webinar/poll/1/answer', { pin, optionId: 2 })).body.value).toBe(true);
      await app.given('event-webinar', [catalogEvent({ type: 'PollChanged', data: inEvent('webinar', { poll: poll({ id: 1, status: 'CLOSED' }) }) })]);
      expect((await call('GET', `/event/webinar/ticket/${ticket}`)).body.pollPin).toBe(pin);
    });

    it("a hybrid event's ONLINE category counts as online: no PDF, a check-in date", async () => {
      const id = await buy('expo', 1);
      const [ticket] = await ticketsOf(id);
      expect(ticket).toMatchObject({ downloadEnabled: false, onlineEventStarted: false });
      expect(Object.keys(ticket.formattedOnlineCheckInDate)).toEqual(['en', 'it']);
    });

    it('before the link opens: the waiting room', async () => {
      const id = await buy('summit', 1);
      const [ticket] = (await ticketsOf(id)).map((t: { uuid: string }) => t.uuid);
      const hash = checkInCodeOf(qrOf((await call('GET', `/event/summit/ticket/${ticket}/code.png`)).raw)!);
      const waiting = await call('GET', `!/event/summit/ticket/${ticket}/check-in/${hash}`);
      expect(waiting.headers.location).toBe(`/event/summit/ticket/${ticket}/check-in/${hash}/waiting-room`);
      expect((await app.store.readStream(`ticket-${ticket}`)).some((e) => e.type === 'TicketCheckedIn')).toBe(false);
      // its page and its order's say when the link opens (tomorrow), not when the event starts
      const opens = dotted(new Date(now.getTime() + 86_400_000));
      for (const listed of [(await call('GET', `/event/summit/ticket/${ticket}/full`)).body.tickets[0], (await ticketsOf(id))[0]]) {
        expect(listed).toMatchObject({ onlineEventStarted: false, formattedOnlineCheckInDate: { en: opens, it: opens } });
      }
    });
  });
});
