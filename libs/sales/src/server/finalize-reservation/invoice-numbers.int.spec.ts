import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decideConfirmReservation } from '@ticketing/sales/domain';
import { catalogEvent, eventDetails, localDaysFrom, organizer, ticketCategory } from '@ticketing/testing/catalog-events';
import { startMailCatcher, startTestApp, type TestApp } from '@ticketing/testing/app';
import { ExpirySweeper } from '../expire-reservations/expiry-sweeper.js';
import { InventoryDesk } from '../inventory/inventory-desk.js';
import { recordSettlement } from '../reservation/record-settlement.js';
import { ReservationLog } from '../reservation/reservation-stream.js';
import { provenance } from '../shared/event-data.js';

interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- wire JSON, asserted field by field
}

const ORDERS = 50;
const SEQUENCE = 'invoice-sequence-acme';
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
const terms = { termAndConditionsAccepted: true, privacyPolicyAccepted: true };

/**
 * Issue 14, invoice numbers: gapless and strictly increasing per organizer, even when orders complete at once in
 * two API processes (two app instances on one database, each with its own inventory desk, finalizer and pool),
 * and exactly once for an order whose process died between its settlement and its number.
 */
describe('invoice numbers', () => {
  let a: TestApp;
  let b: TestApp;
  let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
  const sessions = new Map<TestApp, Record<string, string>>();
  const env = () => ({ RESERVATION_SWEEP_INTERVAL_MS: '0', SMTP_URL: `smtp://127.0.0.1:${catcher.port}`, MAIL_FROM: 'tickets@acme.test' });

  const call = async (app: TestApp, method: 'GET' | 'POST', url: string, payload?: object): Promise<Answer> => {
    const response = await app.inject({ method, url: `/api/v2/public${url}`, headers: sessions.get(app)!, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.body ? response.json() : null };
  };
  const info = (app: TestApp, id: string) => call(app, 'GET', `/reservation/${id}`);
  const mailsTo = (email: string) => catcher.mails.filter((m) => m.to.includes(email));

  /** A reservation on the overview with a business invoice requested, through `app`. */
  async function toOverview(app: TestApp, email: string): Promise<string> {
    const reserved = await call(app, 'POST', '/event/expo/reserve-tickets?lang=en', { reservation: [{ ticketCategoryId: 1, amount: 1 }] });
    expect(reserved.status).toBe(200);
    const id = reserved.body.value as string;
    const [ticket] = (await info(app, id)).body.ticketsByCategory[0].tickets as { uuid: string }[];
    const contact = { firstName: 'Ada', lastName: 'Lovelace', email };
    const validated = await call(app, 'POST', `/reservation/${id}/validate-to-overview?lang=en`, { ...contact, ...business, tickets: { [ticket!.uuid]: contact } });
    expect(validated.status).toBe(200);
    return id;
  }

  const finalizedOf = async (app: TestApp, id: string) => (await app.store.readStream(`reservation-${id}`)).filter((e) => e.type === 'ReservationFinalized');

  beforeAll(async () => {
    catcher = await startMailCatcher();
    a = await startTestApp(env());
    b = await startTestApp(env(), { database: a.database });
    for (const app of [a, b]) sessions.set(app, await app.session());
    await a.given('organizer-acme', [
      catalogEvent({ type: 'OrganizerRegistered', data: { organizer: organizer({ invoicing: { ...organizer().invoicing!, invoiceNumberPattern: 'INV-%06d' } }) } }),
    ]);
    const now = new Date();
    await a.given('event-expo', [
      catalogEvent({
        type: 'EventPublished',
        data: { event: eventDetails({ shortName: 'expo', start: localDaysFrom(now, 30), end: localDaysFrom(now, 30, '23:00:00'), allowedPaymentProxies: ['ON_SITE', 'OFFLINE'] }) },
      }),
      catalogEvent({ type: 'CapacityDefined', data: { eventShortName: 'expo', capacity: { id: 1, key: 'hall', name: 'Hall', size: 100 } } }),
      catalogEvent({ type: 'TicketCategoryAdded', data: { eventShortName: 'expo', category: ticketCategory({ id: 1, key: 'day', price: 2000, capacityId: 1 }) } }),
    ]);
    await b.settle();
  }, 60_000);

  afterAll(async () => {
    await b?.close({ keepDatabase: true });
    await a?.close();
    await catcher?.close();
  });

  it(`gives ${ORDERS} orders completed at once in two processes the numbers 1..${ORDERS}, each once, with no gap`, async () => {
    const buyers = Array.from({ length: ORDERS }, (_, i) => ({ app: i % 2 === 0 ? a : b, email: `buyer${i}@example.org` }));
    const ids = await Promise.all(buyers.map(({ app, email }) => toOverview(app, email)));

    // every order is paid (at the desk) at the same moment, half of them through each process
    const confirmed = await Promise.all(ids.map((id, i) => call(buyers[i]!.app, 'POST', `/reservation/${id}?lang=en`, { paymentProxy: 'ON_SITE', ...terms })));
    expect(confirmed.map((c) => c.status)).toEqual(ids.map(() => 200));

    // the answer came once the number was taken: the next read (from either process) shows it
    const views = await Promise.all(ids.map((id, i) => info(i % 3 === 0 ? a : b, id)));
    for (const { body } of views) {
      expect(body).toMatchObject({ status: 'COMPLETE', paid: true, invoiceRequested: true, invoiceOrReceiptDocumentPresent: true, metadata: { finalized: true } });
    }
    const numbers = views.map(({ body }) => body.invoiceNumber as string);
    expect([...numbers].sort()).toEqual(Array.from({ length: ORDERS }, (_, i) => `INV-${String(i + 1).padStart(6, '0')}`));

    // the organizer's sequence: one event per number, in order, each naming the order that records it
    const sequence = await a.store.readStream(SEQUENCE);
    expect(sequence.map((e) => [e.revision, e.data['sequence']])).toEqual(Array.from({ length: ORDERS }, (_, i) => [i, i + 1]));
    expect(new Set(sequence.map((e) => e.data['reservationId']))).toEqual(new Set(ids));
    for (const [i, id] of ids.entries()) {
      const finalized = await finalizedOf(a, id);
      expect(finalized).toHaveLength(1);
      const taken = sequence.find((e) => e.data['reservationId'] === id)!;
      expect(finalized[0]!.data).toMatchObject({ invoiceNumber: numbers[i], sequence: taken.data['sequence'], organizerSlug: 'acme' });
      // in the same append: adjacent positions of one commit
      expect(finalized[0]!.position).toBe(taken.position + 1n);
    }
    expect((await a.store.verify(SEQUENCE)).ok).toBe(true);

    // one confirmation e-mail per order, sent after its number was taken
    for (const { email } of buyers) expect(mailsTo(email)).toHaveLength(1);
  }, 120_000);

  describe('a process that dies between the settlement and the number', () => {
    /** What the confirm handler appends before it finalizes: the payment, the sold seat and the ticket. */
    async function settleWithoutNumber(app: TestApp, email: string): Promise<string> {
      const id = await toOverview(app, email);
      const { state, revision, unrecorded } = await app.app.get(ReservationLog).load(id);
      if (state.status === 'NONE') throw new Error('no reservation');
      const now = new Date();
      const { events, settlement, tickets } = decideConfirmReservation(state, {
        reservationId: id,
        now,
        language: null,
        paymentProxy: 'ON_SITE',
        termsAccepted: true,
        privacyAccepted: true,
        privacyPolicyRequired: true,
        availableProxies: ['ON_SITE'],
        offlineDeadline: null,
        deferredTransfer: false,
        captchaPassed: null,
        invoicing: { invoiceAllowed: true, onlyInvoice: false },
      });
      expect(events.map((e) => e.data.status)).toEqual(['FINALIZING']);
      await recordSettlement(app.app.get(InventoryDesk), { state, revision, unrecorded, events, settlement: settlement!, tickets }, provenance(crypto.randomUUID(), 'session:test', now, id));
      await app.settle();
      return id;
    }

    it('leaves the order paid and FINALIZING, with no document yet; a new process finalizes it at start-up, once', async () => {
      const email = 'crash-start@example.org';
      const id = await settleWithoutNumber(a, email);
      expect((await info(a, id)).body).toMatchObject({ status: 'FINALIZING', paid: false, invoiceNumber: null, invoiceOrReceiptDocumentPresent: false, metadata: { finalized: false } });
      expect(await call(a, 'GET', `/reservation/${id}/status`)).toEqual({
        status: 200,
        body: { status: 'FINALIZING', validatedBookingInformation: true, purchaseContext: { type: 'event', publicIdentifier: 'expo' } },
      });
      // acquired, but nothing to do with it until the number is assigned: the ticket calls serve issued tickets only
      expect((await info(a, id)).body.ticketsByCategory[0].tickets[0]).toMatchObject({ acquired: true, sendMailEnabled: false, downloadEnabled: false, cancellationEnabled: false });
      expect(mailsTo(email)).toHaveLength(0);
      const before = (await a.store.readStream(SEQUENCE)).length;

      // another process starts on the same database: its start-up recovery finalizes what it finds FINALIZING
      const c = await startTestApp({ ...env(), RESERVATION_SWEEP_INTERVAL_MS: '3600000' }, { database: a.database });
      try {
        sessions.set(c, await c.session());
        await eventually(async () => expect((await info(c, id)).body.status).toBe('COMPLETE'));
        const view = (await info(c, id)).body;
        expect(view).toMatchObject({ paid: true, invoiceNumber: `INV-${String(before + 1).padStart(6, '0')}`, invoiceOrReceiptDocumentPresent: true });
        await eventually(async () => expect(mailsTo(email)).toHaveLength(1));

        // sweeps of every process afterwards find nothing left to do
        await Promise.all([a, b, c].map((app) => app.app.get(ExpirySweeper).sweep()));
        expect(await finalizedOf(a, id)).toHaveLength(1);
        expect(await a.store.readStream(SEQUENCE)).toHaveLength(before + 1);
        expect(mailsTo(email)).toHaveLength(1);
      } finally {
        await c.close({ keepDatabase: true });
      }
    }, 60_000);

    it('is finalized by the next sweep of a running process, when two sweep at once only one takes a number', async () => {
      const email = 'crash-sweep@example.org';
      const id = await settleWithoutNumber(b, email);
      const before = (await a.store.readStream(SEQUENCE)).length;
      await Promise.all([a.app.get(ExpirySweeper).sweep(), b.app.get(ExpirySweeper).sweep()]);
      expect((await info(a, id)).body).toMatchObject({ status: 'COMPLETE', invoiceNumber: `INV-${String(before + 1).padStart(6, '0')}` });
      expect(await finalizedOf(a, id)).toHaveLength(1);
      expect(await a.store.readStream(SEQUENCE)).toHaveLength(before + 1);
      await eventually(async () => expect(mailsTo(email)).toHaveLength(1));
    }, 60_000);
  });
});

/** Retries `check` until it passes (or 10 s are over). */
async function eventually(check: () => Promise<void>): Promise<void> {
  const until = Date.now() + 10_000;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
