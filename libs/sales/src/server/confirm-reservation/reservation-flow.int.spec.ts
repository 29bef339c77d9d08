import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandBus } from '@nestjs/cqrs';
// Tests only: the catalog's fixtures and the real application, as the catalog's own API tests use them.
import {
  attendeeField,
  catalogEvent,
  eventDetails,
  localDaysFrom,
  organizer,
  ticketCategory,
} from '@ticketing/testing/catalog-events';
import { startTestApp, startMailCatcher, type TestApp } from '@ticketing/testing/app';
import { ConfirmOfflinePaymentCommand } from '../confirm-offline-payment/confirm-offline-payment.command.js';
import { ExpireReservationsCommand } from '../expire-reservations/expire-reservations.command.js';

const now = new Date();
const ORGANIZER_KEY = 'k-flow-5b1e9c7a2d4f';
const inEvent = <T extends object>(shortName: string, data: T) => ({ eventShortName: shortName, ...data });

interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- wire JSON, asserted field by field
}

describe('booking, overview and confirmation (steps 2 and 3)', () => {
  let app: TestApp;
  let headers: Record<string, string>;
  let catcher: Awaited<ReturnType<typeof startMailCatcher>>;

  const call = async (method: 'GET' | 'POST', url: string, payload?: object): Promise<Answer> => {
    const response = await app.inject({ method, url: `/api/v2/public${url}`, headers, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.body ? response.json() : null };
  };
  const reserve = async (shortName: string, categoryId: number, amount: number): Promise<string> => {
    const { status, body } = await call('POST', `/event/${shortName}/reserve-tickets?lang=en`, { reservation: [{ ticketCategoryId: categoryId, amount }] });
    expect(status).toBe(200);
    return body.value as string;
  };
  const info = (id: string) => call('GET', `/reservation/${id}`);
  const validate = (id: string, form: object, ignoreWarnings = false) =>
    call('POST', `/reservation/${id}/validate-to-overview?lang=en${ignoreWarnings ? '&ignoreWarnings=true' : ''}`, form);
  const confirm = (id: string, form: object) => call('POST', `/reservation/${id}?lang=en`, form);
  const errorsOf = (body: { validationErrors: { fieldName: string; code: string }[] }) => body.validationErrors.map((e) => `${e.fieldName}:${e.code}`);
  const contact = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' };
  const attendees = async (id: string, extra: Record<string, string[]> = {}) => {
    const tickets = (await info(id)).body.ticketsByCategory.flatMap((c: { tickets: { uuid: string }[] }) => c.tickets);
    return Object.fromEntries(tickets.map((t: { uuid: string }, i: number) => [t.uuid, { firstName: `Guest${i}`, lastName: 'Smith', email: `guest${i}@example.org`, additional: extra }]));
  };

  beforeAll(async () => {
    catcher = await startMailCatcher();
    app = await startTestApp({
      RATE_LIMITS: 'off',
      RESERVATION_SWEEP_INTERVAL_MS: '0',
      SMTP_URL: `smtp://127.0.0.1:${catcher.port}`,
      MAIL_FROM: 'tickets@acme.test',
      ORGANIZER_API_KEYS: `acme:${ORGANIZER_KEY}`,
    });
    headers = await app.session();
    await app.given('organizer-acme', [catalogEvent({ type: 'OrganizerRegistered', data: { organizer: organizer() } })]);
    const start = localDaysFrom(now, 30);
    const end = localDaysFrom(now, 30, '23:00:00');
    await app.given('event-free-talk', [
      catalogEvent({ type: 'EventPublished', data: { event: eventDetails({ shortName: 'free-talk', start, end, allowedPaymentProxies: [] }) } }),
      catalogEvent({ type: 'CapacityDefined', data: inEvent('free-talk', { capacity: { id: 1, key: 'room', name: 'Room', size: 10 } }) }),
      catalogEvent({ type: 'TicketCategoryAdded', data: inEvent('free-talk', { category: ticketCategory({ id: 1, key: 'free', price: 0, capacityId: 1 }) }) }),
      catalogEvent({ type: 'AttendeeFieldAdded', data: inEvent('free-talk', { field: attendeeField({ name: 'company', required: true }) }) }),
    ]);
    await app.given('event-gala', [
      catalogEvent({ type: 'EventPublished', data: { event: eventDetails({ shortName: 'gala', start, end, allowedPaymentProxies: ['OFFLINE', 'ON_SITE'] }) } }),
      catalogEvent({ type: 'CapacityDefined', data: inEvent('gala', { capacity: { id: 1, key: 'hall', name: 'Hall', size: 10 } }) }),
      catalogEvent({ type: 'TicketCategoryAdded', data: inEvent('gala', { category: ticketCategory({ id: 1, key: 'regular', price: 4500, capacityId: 1 }) }) }),
    ]);
    const festival = eventDetails({ shortName: 'festival', start, end, allowedPaymentProxies: ['OFFLINE'] });
    await app.given('event-festival', [
      catalogEvent({ type: 'EventPublished', data: { event: { ...festival, offlinePayment: { ...festival.offlinePayment, deferred: true } } } }),
      catalogEvent({ type: 'CapacityDefined', data: inEvent('festival', { capacity: { id: 1, key: 'field', name: 'Field', size: 10 } }) }),
      catalogEvent({ type: 'TicketCategoryAdded', data: inEvent('festival', { category: ticketCategory({ id: 1, key: 'pass', price: 9000, capacityId: 1 }) }) }),
    ]);
  });

  afterAll(async () => {
    await app?.close();
    await catcher?.close();
  });

  describe('a free order', () => {
    let id: string;
    beforeAll(async () => {
      id = await reserve('free-talk', 1, 2);
    });

    it('shows the pending reservation with its tickets, questions and a free summary', async () => {
      const { status, body } = await info(id);
      expect(status).toBe(200);
      expect(body).toMatchObject({
        id,
        shortId: id.slice(0, 8).toUpperCase(),
        status: 'PENDING',
        validatedBookingInformation: false,
        email: null,
        activePaymentMethods: {},
        orderSummary: { free: true, priceInCents: 0, totalPrice: '0', notYetPaid: false },
        metadata: { finalized: false, readyForConfirmation: false },
      });
      expect(body.ticketsByCategory).toHaveLength(1);
      expect(body.ticketsByCategory[0].tickets).toHaveLength(2);
      expect(body.ticketsByCategory[0].tickets[0].ticketFieldConfigurationAfterStandard.map((f: { name: string }) => f.name)).toEqual(['company']);
      expect(await call('GET', `/reservation/${id}/status`)).toEqual({
        status: 200,
        body: { status: 'PENDING', validatedBookingInformation: false, purchaseContext: { type: 'event', publicIdentifier: 'free-talk' } },
      });
    });

    it('answers field errors under the reference field names, and keeps what was entered', async () => {
      const tickets = await attendees(id);
      const [first] = Object.keys(tickets);
      const { status, body } = await validate(id, { ...contact, email: '', tickets: { ...tickets, [first!]: { email: 'guest0@example.org', additional: {} } } });
      expect(status).toBe(422);
      expect(body.value).toBe(false);
      expect(errorsOf(body)).toEqual(
        expect.arrayContaining([
          'email:error.STEP_2_EMPTY_EMAIL',
          `tickets[${first}].firstName:error.STEP_2_EMPTY_FIRSTNAME`,
          `tickets[${first}].additional[company][0]:error.emptyField`,
        ]),
      );
      const after = (await info(id)).body;
      expect(after).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', validatedBookingInformation: false });
    });

    it('validates, goes back to booking, validates again and confirms with no payment', async () => {
      const tickets = await attendees(id, { company: ['Analytical Engines'] });
      expect(await validate(id, { ...contact, tickets })).toMatchObject({ status: 200, body: { success: true, value: true } });
      expect((await call('GET', `/reservation/${id}/status`)).body).toEqual({ status: 'PENDING', validatedBookingInformation: true, purchaseContext: { type: 'event', publicIdentifier: 'free-talk' } });
      const view = (await info(id)).body;
      expect(view.ticketsByCategory[0].tickets[0]).toMatchObject({ firstName: 'Guest0', lastName: 'Smith', email: 'guest0@example.org', assigned: true, acquired: false });
      expect(view.ticketsByCategory[0].tickets[0].ticketFieldConfigurationAfterStandard[0]).toMatchObject({ name: 'company', value: 'Analytical Engines' });

      expect(await call('POST', `/reservation/${id}/back-to-booking`)).toEqual({ status: 200, body: true });
      expect((await call('GET', `/reservation/${id}/status`)).body.validatedBookingInformation).toBe(false);
      expect(errorsOf((await confirm(id, { termAndConditionsAccepted: true, privacyPolicyAccepted: true })).body)).toEqual([
        'paymentForm:error.STEP_2_MISSING_ATTENDEE_DATA',
      ]);
      expect((await validate(id, { ...contact, tickets })).status).toBe(200);

      const mailsBefore = catcher.mails.length;
      const confirmed = await confirm(id, { termAndConditionsAccepted: true, privacyPolicyAccepted: true });
      expect(confirmed).toEqual({
        status: 200,
        body: expect.objectContaining({ success: true, value: { success: true, redirect: false, redirectUrl: null, failure: true, gatewayIdOrNull: null } }),
      });
      const done = (await info(id)).body;
      expect(done).toMatchObject({ status: 'COMPLETE', paymentProxy: 'NONE', paid: false, metadata: { finalized: true, readyForConfirmation: true } });
      expect(done).toMatchObject({ invoiceNumber: null, invoiceOrReceiptDocumentPresent: false }); // nothing paid, nothing to download
      expect(done.ticketsByCategory[0].tickets.every((t: { acquired: boolean }) => t.acquired)).toBe(true);
      // the buyer's confirmation, then each ticket to its holder (named at booking with their own address)
      const sent = catcher.mails.slice(mailsBefore);
      expect(sent.map((m) => m.to[0])).toEqual(['ada@example.org', ...Object.values(tickets).map((t) => (t as { email: string }).email)]);
      expect(sent[0]!.text).toContain(id.slice(0, 8).toUpperCase());
    });

    it('issues one ticket stream per ticket, keeping attendees out of the clear data', async () => {
      const store = app.store;
      const tickets = (await info(id)).body.ticketsByCategory[0].tickets as { uuid: string }[];
      for (const ticket of tickets) {
        const [issued] = await store.readStream(`ticket-${ticket.uuid}`);
        expect(issued).toMatchObject({ type: 'TicketIssued', data: { reservationId: id, status: 'ACQUIRED', categoryId: 1 } });
        expect(JSON.stringify(issued!.data)).not.toContain('example.org');
        expect(JSON.stringify(issued!.personal?.data)).toContain('example.org');
      }
      const booking = (await store.readStream(`reservation-${id}`)).find((e) => e.type === 'BookingDetailsRecorded')!;
      expect(JSON.stringify(booking.data)).not.toContain('Lovelace');
    });

    it('changes nothing when confirmed again', async () => {
      const store = app.store;
      const before = (await store.readStream(`reservation-${id}`)).length;
      expect((await confirm(id, { termAndConditionsAccepted: true, privacyPolicyAccepted: true })).status).toBe(200);
      expect((await store.readStream(`reservation-${id}`)).length).toBe(before);
    });

    it('counts the sold seats as taken, not pending', async () => {
      const categories = (await call('GET', '/event/free-talk/ticket-categories')).body.ticketCategories;
      expect(categories[0]).toMatchObject({ containsPendingTickets: false });
    });

    it('is not cancelled by a DELETE once complete', async () => {
      await app.inject({ method: 'DELETE', url: `/api/v2/public/reservation/${id}`, headers });
      expect((await info(id)).body.status).toBe('COMPLETE');
    });
  });

  describe('a bank transfer', () => {
    let id: string;
    beforeAll(async () => {
      id = await reserve('gala', 1, 2);
      const tickets = await attendees(id);
      const business = {
        invoiceRequested: true,
        addCompanyBillingDetails: true,
        billingAddressCompany: 'Analytical Engines Ltd',
        billingAddressLine1: 'Via Nassa 1',
        billingAddressZip: '6900',
        billingAddressCity: 'Lugano',
        vatCountryCode: 'CH',
        vatNr: 'CHE-111.222.333',
      };
      expect(await validate(id, { ...contact, ...business, tickets })).toMatchObject({ status: 200 });
    });

    it('offers bank transfer and on-site payment, with the summary in the event currency', async () => {
      const { body } = await info(id);
      expect(Object.keys(body.activePaymentMethods)).toEqual(['BANK_TRANSFER', 'ON_SITE']);
      expect(body.activePaymentMethods.BANK_TRANSFER).toMatchObject({ paymentProxy: 'OFFLINE', parameters: { delayForOfflinePayment: expect.any(Number) } });
      expect(body.orderSummary).toMatchObject({ free: false, priceInCents: 9000, totalPrice: '90.00' });
      expect(body).toMatchObject({ invoiceRequested: true, addCompanyBillingDetails: true, billingDetails: { companyName: 'Analytical Engines Ltd', city: 'Lugano', country: 'CH' } });
    });

    it.each([
      ['no payment method among two', { termAndConditionsAccepted: true, privacyPolicyAccepted: true }, 'paymentForm:error.STEP_2_MISSING_PAYMENT_METHOD'],
      ['terms not accepted', { paymentProxy: 'OFFLINE', termAndConditionsAccepted: false, privacyPolicyAccepted: true }, 'paymentForm:error.STEP_2_TERMS_CONDITIONS'],
      ['privacy not accepted (the event has a policy)', { paymentProxy: 'OFFLINE', termAndConditionsAccepted: true }, 'paymentForm:error.STEP_2_TERMS_CONDITIONS'],
      ['a card the event does not take', { paymentProxy: 'STRIPE', termAndConditionsAccepted: true, privacyPolicyAccepted: true }, 'paymentForm:error.STEP_2_MISSING_PAYMENT_METHOD'],
    ])('refuses %s', async (_, form, code) => {
      const { status, body } = await confirm(id, form);
      expect(status).toBe(422);
      expect(errorsOf(body)).toEqual([code]);
    });

    it('awaits the transfer until its deadline, then completes when the organizer confirms it', async () => {
      const mailsBefore = catcher.mails.length;
      expect((await confirm(id, { paymentProxy: 'OFFLINE', selectedPaymentMethod: 'BANK_TRANSFER', termAndConditionsAccepted: true, privacyPolicyAccepted: true })).status).toBe(200);
      const awaiting = (await info(id)).body;
      expect(awaiting).toMatchObject({ status: 'OFFLINE_PAYMENT', paymentProxy: 'OFFLINE', orderSummary: { notYetPaid: true } });
      expect(awaiting.validity).toBeGreaterThan(Date.now() + 60 * 60 * 1000);
      const mail = catcher.mails.at(-1)!;
      expect(catcher.mails.length).toBe(mailsBefore + 1);
      expect(mail.text).toContain('CH93 0076 2011 6238 5295 7');
      expect(mail.text).toContain(id.slice(0, 8).toUpperCase());
      // the VAT line the order's summary shows (prices here include it), before the total
      expect(awaiting.orderSummary).toMatchObject({ displayVat: true, vatPercentage: '7.70' });
      expect(mail.text).toContain(`incl. VAT 7.7%  CHF ${awaiting.orderSummary.totalVAT}\nTotal: CHF ${awaiting.orderSummary.totalPrice}`);

      // the sweeper leaves it alone before the deadline
      await app.app.get(CommandBus).execute(new ExpireReservationsCommand(500, new Date(Date.now() + 60 * 60 * 1000)));
      expect((await info(id)).body.status).toBe('OFFLINE_PAYMENT');

      const commands = app.app.get(CommandBus);
      expect(await commands.execute(new ConfirmOfflinePaymentCommand(id, 'acme'))).toBe('CONFIRMED');
      expect(await commands.execute(new ConfirmOfflinePaymentCommand(id, 'acme'))).toBe('ALREADY_COMPLETE');
      const done = (await info(id)).body;
      expect(done).toMatchObject({ status: 'COMPLETE', paid: true, orderSummary: { notYetPaid: false } });
      // the business invoice asked for takes the organizer's first number once the money is in
      expect(awaiting).toMatchObject({ invoiceNumber: null, invoiceOrReceiptDocumentPresent: false });
      expect(done).toMatchObject({ invoiceNumber: '1', invoiceOrReceiptDocumentPresent: true });
      // the transfer instructions, then the confirmation, then the ticket to its holder
      const holders = done.ticketsByCategory.flatMap((c: { tickets: { email: string }[] }) => c.tickets.map((t) => t.email));
      expect(catcher.mails.slice(mailsBefore).map((m) => m.to[0])).toEqual(['ada@example.org', 'ada@example.org', ...holders]);
      expect(holders).toHaveLength(2);
      const store = app.store;
      expect((await store.readStream(`ticket-${done.ticketsByCategory[0].tickets[0].uuid}`))[0]?.data).toMatchObject({ status: 'ACQUIRED' });
    });
  });

  describe('a buyer who switches language after reserving', () => {
    it('gets the order in the language of the booking step: item names, the payment instructions e-mail', async () => {
      await app.given('event-bilingual', [
        catalogEvent({
          type: 'EventPublished',
          data: { event: eventDetails({ shortName: 'bilingual', start: localDaysFrom(now, 30), end: localDaysFrom(now, 30, '23:00:00'), contentLanguages: ['en', 'de'], allowedPaymentProxies: ['OFFLINE'] }) },
        }),
        catalogEvent({ type: 'TicketCategoryAdded', data: inEvent('bilingual', { category: ticketCategory({ id: 1, key: 'day', name: { en: 'Day ticket', de: 'Tageskarte' }, price: 4500 }) }) }),
      ]);
      const id = await reserve('bilingual', 1, 1);
      const categoryName = async () => (await info(id)).body.ticketsByCategory[0].name as string;
      expect(await categoryName()).toBe('Day ticket');
      const form = { ...contact, tickets: await attendees(id) };
      // a language the event does not speak leaves the order's as it is
      expect((await call('POST', `/reservation/${id}/validate-to-overview?lang=fr`, form)).status).toBe(200);
      expect(await categoryName()).toBe('Day ticket');
      expect((await call('POST', `/reservation/${id}/validate-to-overview?lang=de-CH`, form)).status).toBe(200);
      expect(await categoryName()).toBe('Tageskarte');
      const mailsBefore = catcher.mails.length;
      const payment = { paymentProxy: 'OFFLINE', selectedPaymentMethod: 'BANK_TRANSFER', termAndConditionsAccepted: true, privacyPolicyAccepted: true };
      expect((await call('POST', `/reservation/${id}?lang=de`, payment)).status).toBe(200);
      const mail = catcher.mails[mailsBefore]!;
      expect(mail.subject).toMatch(/^Zahlungsinformationen zu Ihrer Reservierung/);
      expect(mail.text).toContain('Tageskarte');
      expect((await app.store.readStream(`reservation-${id}`)).filter((e) => e.type === 'ReservationLanguageChanged').map((e) => e.data)).toEqual([{ reservationId: id, language: 'de' }]);
    });

    it('gets the order in the language the buyer confirms in, switched on the overview, with the confirmation in one append', async () => {
      const id = await reserve('bilingual', 1, 1);
      expect((await call('POST', `/reservation/${id}/validate-to-overview?lang=en`, { ...contact, tickets: await attendees(id) })).status).toBe(200);
      expect((await info(id)).body.ticketsByCategory[0].name).toBe('Day ticket');
      const mailsBefore = catcher.mails.length;
      const payment = { paymentProxy: 'OFFLINE', selectedPaymentMethod: 'BANK_TRANSFER', termAndConditionsAccepted: true, privacyPolicyAccepted: true };
      expect((await call('POST', `/reservation/${id}?lang=de-CH`, payment)).status).toBe(200);
      const mail = catcher.mails[mailsBefore]!;
      expect(mail.subject).toMatch(/^Zahlungsinformationen zu Ihrer Reservierung/);
      expect(mail.text).toContain('Tageskarte');
      expect((await info(id)).body.ticketsByCategory[0].name).toBe('Tageskarte');
      const events = await app.store.readStream(`reservation-${id}`);
      const changed = events.find((e) => e.type === 'ReservationLanguageChanged')!;
      const confirmed = events.find((e) => e.type === 'ReservationConfirmed')!;
      expect(changed.data).toEqual({ reservationId: id, language: 'de' });
      expect(confirmed.revision).toBe(changed.revision + 1);
      expect(confirmed.metadata).toMatchObject({ correlationId: changed.metadata.correlationId });
      // confirmed again in another language: nothing changes
      expect((await call('POST', `/reservation/${id}?lang=en`, payment)).status).toBe(200);
      expect((await app.store.readStream(`reservation-${id}`)).length).toBe(events.length);
    });
  });

  describe('a deferred bank transfer', () => {
    it('is accepted at once with its tickets and sold seats, never expires, and completes on the organizer\'s confirm', async () => {
      const id = await reserve('festival', 1, 2);
      expect((await validate(id, { ...contact, tickets: await attendees(id) })).status).toBe(200);
      const mailsBefore = catcher.mails.length;
      expect((await confirm(id, { paymentProxy: 'OFFLINE', selectedPaymentMethod: 'BANK_TRANSFER', termAndConditionsAccepted: true, privacyPolicyAccepted: true })).status).toBe(200);

      const accepted = (await info(id)).body;
      expect(accepted).toMatchObject({ status: 'DEFERRED_OFFLINE_PAYMENT', paymentProxy: 'OFFLINE', paid: false, orderSummary: { notYetPaid: true } });
      expect(await call('GET', `/reservation/${id}/status`)).toEqual({
        status: 200,
        body: { status: 'DEFERRED_OFFLINE_PAYMENT', validatedBookingInformation: true, purchaseContext: { type: 'event', publicIdentifier: 'festival' } },
      });
      const festival = (await call('GET', '/event/festival')).body;
      expect(festival.offlinePaymentConfiguration).toEqual({ showOnlyBasicInstructions: false }); // alf.io's wire, unchanged
      expect(accepted.validity).toBe(festival.datesWithOffset.startDateTime); // due by the event's begin
      const tickets = accepted.ticketsByCategory[0].tickets as { uuid: string; acquired: boolean }[];
      expect(tickets.map((t) => t.acquired)).toEqual([true, true]);
      const store = app.store;
      // issued at once, and sent to their holders with the buyer's confirmation
      for (const ticket of tickets) expect((await store.readStream(`ticket-${ticket.uuid}`)).map((e) => [e.type, e.data.status])).toEqual([['TicketIssued', 'ACQUIRED'], ['TicketSent', undefined]]);
      expect((await call('GET', '/event/festival/ticket-categories')).body.ticketCategories[0]).toMatchObject({ containsPendingTickets: false });

      // the buyer's e-mail: the tickets are confirmed, with the transfer instructions and the deadline; each ticket to its holder
      expect(catcher.mails.slice(mailsBefore).map((m) => m.to[0])).toEqual(['ada@example.org', 'guest0@example.org', 'guest1@example.org']);
      const mail = catcher.mails[mailsBefore]!;
      expect(mail.text).toContain('is confirmed');
      expect(mail.text).toContain('CH93 0076 2011 6238 5295 7');
      expect(mail.text).toContain(`Payment reason: ${id.slice(0, 8).toUpperCase()}`);
      expect(mail.text).toContain('before the event begins');
      expect(mail.text).toContain(`/event/festival/reservation/${id}/deferred-payment`);
      // ... and the tickets it says are on their way: attached, and served by every ticket call before the money is in
      expect(mail.attachments.filter((a) => a.contentType === 'application/pdf')).toHaveLength(2);
      for (const ticket of tickets) {
        expect(await call('GET', `/event/festival/ticket/${ticket.uuid}`)).toMatchObject({ status: 200, body: { uuid: ticket.uuid, fullName: expect.stringMatching(/^Guest\d Smith$/) } });
        const pdf = await app.inject({ method: 'GET', url: `/api/v2/public/event/festival/ticket/${ticket.uuid}/download-ticket`, headers });
        expect([pdf.statusCode, pdf.headers['content-type'], pdf.rawPayload.subarray(0, 5).toString()]).toEqual([200, 'application/pdf', '%PDF-']);
        expect((await call('POST', `/event/festival/ticket/${ticket.uuid}/send-ticket-by-email`)).status).toBe(200);
      }

      // past its deadline, the sweeper leaves it alone: its seats are sold
      await app.app.get(CommandBus).execute(new ExpireReservationsCommand(500, new Date(Date.now() + 40 * 24 * 60 * 60 * 1000)));
      expect((await info(id)).body.status).toBe('DEFERRED_OFFLINE_PAYMENT');

      const organizerApi = (key: string) =>
        app.inject({ method: 'POST', url: `/api/v2/organizer/reservations/${id}/confirm-payment`, headers: { authorization: `ApiKey ${key}` } });
      expect((await organizerApi('k-unknown')).statusCode).toBe(401);
      const confirmed = await organizerApi(ORGANIZER_KEY);
      expect([confirmed.statusCode, confirmed.json().value]).toEqual([200, 'CONFIRMED']);
      expect((await organizerApi(ORGANIZER_KEY)).json().value).toBe('ALREADY_COMPLETE');
      expect((await info(id)).body).toMatchObject({ status: 'COMPLETE', paid: true, orderSummary: { notYetPaid: false } });
      // no second ticket: those issued at the buyer's confirmation stand
      for (const ticket of tickets) expect((await store.readStream(`ticket-${ticket.uuid}`)).filter((e) => e.type === 'TicketIssued')).toHaveLength(1);
    });
  });

  describe('an on-site order', () => {
    it('completes at once with tickets to be paid at the desk', async () => {
      const id = await reserve('gala', 1, 1);
      expect((await validate(id, { ...contact, tickets: await attendees(id) })).status).toBe(200);
      expect((await confirm(id, { paymentProxy: 'ON_SITE', termAndConditionsAccepted: true, privacyPolicyAccepted: true })).status).toBe(200);
      const done = (await info(id)).body;
      expect(done).toMatchObject({ status: 'COMPLETE', paymentProxy: 'ON_SITE', orderSummary: { notYetPaid: true } });
      // no invoice asked for: a receipt, no number
      expect(done).toMatchObject({ invoiceNumber: null, invoiceOrReceiptDocumentPresent: true });
      const store = app.store;
      expect((await store.readStream(`ticket-${done.ticketsByCategory[0].tickets[0].uuid}`))[0]?.data).toMatchObject({ status: 'TO_BE_PAID' });
    });
  });

  describe('expiry and unknown reservations', () => {
    it('refuses to confirm past the validity, and forgets the reservation once the sweeper expired it', async () => {
      const id = await reserve('gala', 1, 1);
      expect((await validate(id, { ...contact, tickets: await attendees(id) })).status).toBe(200);
      await app.app.get(CommandBus).execute(new ExpireReservationsCommand(500, new Date(Date.now() + 26 * 60 * 1000)));
      expect((await info(id)).status).toBe(404);
      expect((await call('GET', `/reservation/${id}/status`)).status).toBe(404);
      const late = await confirm(id, { paymentProxy: 'ON_SITE', termAndConditionsAccepted: true, privacyPolicyAccepted: true });
      expect(late.status).toBe(422);
      expect(errorsOf(late.body)).toEqual(['paymentForm:error.STEP_2_ORDER_HAS_EXPIRED']);
      expect((await validate(id, { ...contact })).status).toBe(404);
    });

    it('answers 404 for an unknown reservation and 422 for a malformed id', async () => {
      const unknown = '3b241101-e2bb-4255-8caf-4136c566a962';
      expect((await info(unknown)).status).toBe(404);
      expect((await validate(unknown, contact)).status).toBe(404);
      expect((await info('not-a-uuid')).status).toBe(422);
      expect(await call('POST', `/reservation/${unknown}/back-to-booking`)).toEqual({ status: 200, body: true });
    });

    it('answers re-send-email with false for a pending or unknown reservation and 404 for an unknown event', async () => {
      const id = await reserve('gala', 1, 1);
      expect(await call('POST', `/event/gala/reservation/${id}/re-send-email?lang=en`)).toEqual({ status: 200, body: false });
      expect((await call('POST', `/event/nope/reservation/${id}/re-send-email?lang=en`)).status).toBe(404);
    });
  });

  describe('a confirmation at the same moment as a cancel, or after another way to pay was chosen', () => {
    const terms = { termAndConditionsAccepted: true, privacyPolicyAccepted: true };
    beforeAll(async () => {
      await app.given('event-race', [
        catalogEvent({ type: 'EventPublished', data: { event: eventDetails({ shortName: 'race', start: localDaysFrom(now, 30), end: localDaysFrom(now, 30, '23:00:00'), allowedPaymentProxies: ['OFFLINE', 'ON_SITE'] }) } }),
        catalogEvent({ type: 'CapacityDefined', data: inEvent('race', { capacity: { id: 1, key: 'hall', name: 'Hall', size: 50 } }) }),
        catalogEvent({ type: 'TicketCategoryAdded', data: inEvent('race', { category: ticketCategory({ id: 1, key: 'seat', price: 2000, capacityId: 1 }) }) }),
      ]);
    });
    const booked = async () => {
      const id = await reserve('race', 1, 1);
      expect((await validate(id, { ...contact, tickets: await attendees(id) })).status).toBe(200);
      return id;
    };

    it('answers the confirm that lost to the cancel as a confirm after it (404), never "try again" (422)', async () => {
      const answers: number[] = [];
      for (let round = 0; round < 8; round++) {
        const id = await booked();
        const [confirmed] = await Promise.all([
          confirm(id, { paymentProxy: round % 2 ? 'ON_SITE' : 'OFFLINE', ...terms }),
          app.inject({ method: 'DELETE', url: `/api/v2/public/reservation/${id}`, headers }),
        ]);
        answers.push(confirmed.status);
        // the answer says what became of the order
        expect((await info(id)).status, `round ${round}`).toBe(confirmed.status === 200 ? 200 : 404);
      }
      expect(answers.every((status) => status === 200 || status === 404), answers.join(',')).toBe(true);
    });

    it('refuses another way to pay while a bank transfer is awaited (422), and takes the same confirmation again (200)', async () => {
      const id = await booked();
      expect((await confirm(id, { paymentProxy: 'OFFLINE', ...terms })).status).toBe(200);
      const other = await confirm(id, { paymentProxy: 'ON_SITE', ...terms });
      expect(other.status).toBe(422);
      expect(other.body.validationErrors).toMatchObject([{ fieldName: 'paymentForm', code: 'error.STEP_2_PAYMENT_PROCESSING_ERROR' }]);
      expect((await confirm(id, { paymentProxy: 'OFFLINE', ...terms })).status).toBe(200);
      expect((await info(id)).body).toMatchObject({ status: 'OFFLINE_PAYMENT', paymentProxy: 'OFFLINE' });
    });
  });
});
