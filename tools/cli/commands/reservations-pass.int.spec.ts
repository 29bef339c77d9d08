import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectionLogger } from '@ticketing/projections';
import { allProjections } from '@ticketing/application/projections';
import { catalogEvent, localDaysFrom, organizer, subscriptionDescriptor } from '@ticketing/testing/catalog-events';
import { startTestApp, type TestApp } from '@ticketing/testing/app';
import { runCli } from '../run-cli.js';

const silent: ProjectionLogger = { log: () => undefined, warn: () => undefined, error: () => undefined };
const descriptorId = '7d000000-0000-4000-8000-000000000001';
const PIN = /^[0-9A-HJKMNP-TV-Z]{8}$/;
const ada = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' };
const terms = { termAndConditionsAccepted: true, privacyPolicyAccepted: true };

interface Answer {
  status: number;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- wire JSON, asserted field by field
}

/** The operator confirms the bank transfer of a pass's order from the CLI, against the running application's database. */
describe('tools reservations confirm-payment of a pass', () => {
  let app: TestApp;
  let headers: Record<string, string>;
  const call = async (method: 'GET' | 'POST', url: string, payload?: object): Promise<Answer> => {
    const response = await app.inject({ method, url: `/api/v2/public${url}`, headers, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.body ? response.json() : null };
  };
  const info = async (id: string) => (await call('GET', `/reservation/${id}`)).body;
  async function cli(...argv: string[]): Promise<{ code: number; text: string; errors: string }> {
    let text = '';
    let errors = '';
    const code = await runCli(argv, { db: app.db, store: app.store, projections: allProjections, out: { write: (t) => (text += t) }, err: { write: (t) => (errors += t) }, logger: silent });
    return { code, text, errors };
  }
  /** A pass's order awaiting its bank transfer, with `form` as its booking. */
  async function awaitingTransfer(form: object): Promise<string> {
    const reserved = await call('POST', `/subscription/${descriptorId}`);
    expect(reserved.status, JSON.stringify(reserved.body)).toBe(200);
    const id = reserved.body.value as string;
    expect((await call('POST', `/reservation/${id}/validate-to-overview?lang=en`, { ...ada, ...form })).status).toBe(200);
    expect((await call('POST', `/reservation/${id}?lang=en`, { paymentProxy: 'OFFLINE', ...terms })).status).toBe(200);
    expect(await info(id)).toMatchObject({ status: 'OFFLINE_PAYMENT', subscriptionInfos: [{ id: null, pin: null }] });
    return id;
  }

  beforeAll(async () => {
    // the sweeper runs, as in the API the operator's CLI writes beside: it assigns the invoice numbers of FINALIZING orders
    app = await startTestApp({ RESERVATION_SWEEP_INTERVAL_MS: '200' });
    headers = await app.session();
    await app.given('organizer-acme', [
      catalogEvent({ type: 'OrganizerRegistered', data: { organizer: organizer({ invoicing: { ...organizer().invoicing!, invoiceNumberPattern: 'INV-%06d' } }) } }),
    ]);
    const descriptor = subscriptionDescriptor({ id: descriptorId, sale: { start: localDaysFrom(new Date(), -1), end: null }, price: 12000, maxEntries: 3, allowedPaymentProxies: ['OFFLINE'] });
    await app.given(`subscription-descriptor-${descriptorId}`, [catalogEvent({ type: 'SubscriptionDescriptorPublished', data: { descriptor } })]);
  }, 60_000);

  afterAll(() => app?.close());

  it("issues the pass in the order's append, readable with its PIN on the reservation, once; the log stays intact", async () => {
    const id = await awaitingTransfer({});
    const confirmed = await cli('reservations', 'confirm-payment', id);
    expect(confirmed.code, confirmed.text).toBe(0);
    const [opened] = await app.store.readStream(`reservation-${id}`);
    const passId = (opened!.data as { purchaseContext: { subscriptionId: string } }).purchaseContext.subscriptionId;
    expect(confirmed.text).toContain(`payment confirmed, order complete, pass ${passId} issued`);
    expect(confirmed.text).toContain(`/api/v2/public/subscription/${descriptorId}/reservation/${id}/re-send-email`);

    // the order's completion, the pass and the claim on its PIN: one append (one command's metadata), by the operator
    const completion = (await app.store.readStream(`reservation-${id}`)).at(-1)!;
    expect(completion).toMatchObject({ type: 'OfflinePaymentConfirmed', metadata: { actor: 'operator:cli' } });
    const [issued, ...more] = await app.store.readStream(`subscription-${passId}`);
    expect(more).toEqual([]);
    expect(issued).toMatchObject({ type: 'SubscriptionIssued', data: { subscriptionId: passId, descriptorId, reservationId: id, maxEntries: 3 }, metadata: completion.metadata });
    const pin = String(issued!.data['pin']);
    expect(pin).toMatch(PIN);
    expect((await app.store.readStream(`subscription-pin-acme-${pin}`)).map((e) => [e.type, e.data['subscriptionId'], e.metadata])).toEqual([
      ['SubscriptionPinTaken', passId, completion.metadata],
    ]);

    await app.settle();
    expect(await info(id)).toMatchObject({
      status: 'COMPLETE',
      paid: true,
      subscriptionInfos: [{ id: passId, pin, owner: ada, usageDetails: { total: 3, used: 0, available: 3 } }],
    });

    expect(await cli('reservations', 'confirm-payment', id)).toMatchObject({ code: 0, text: expect.stringContaining('already complete') });
    expect(await app.store.readStream(`subscription-${passId}`)).toHaveLength(1);
    expect(await cli('audit', 'verify-log')).toMatchObject({ code: 0, text: expect.stringMatching(/^log intact: \d+ stream\(s\), \d+ event\(s\), 0 problem\(s\)$/m) });
  });

  it('leaves an order with an invoice FINALIZING, which the running API numbers and completes', async () => {
    const business = { invoiceRequested: true, addCompanyBillingDetails: true, billingAddressCompany: 'Analytical Engines Ltd', billingAddressLine1: 'Via Nassa 1', billingAddressZip: '6900', billingAddressCity: 'Lugano', vatCountryCode: 'CH', vatNr: 'CHE-111.222.333' };
    const id = await awaitingTransfer(business);
    const confirmed = await cli('reservations', 'confirm-payment', id);
    expect(confirmed).toMatchObject({ code: 0, text: expect.stringMatching(/pass [0-9a-f-]{36} issued; the order waits for its invoice number \(FINALIZING\)/) });
    let after = await info(id);
    for (const started = Date.now(); after.status !== 'COMPLETE' && Date.now() - started < 10_000; after = await info(id)) await new Promise((r) => setTimeout(r, 100));
    expect(after).toMatchObject({ status: 'COMPLETE', invoiceNumber: 'INV-000001', invoiceOrReceiptDocumentPresent: true, subscriptionInfos: [{ pin: expect.stringMatching(PIN) }] });
    expect((await app.inject({ method: 'GET', url: `/api/v2/public/subscription/${descriptorId}/reservation/${id}/invoice` })).statusCode).toBe(200);
  });
});
