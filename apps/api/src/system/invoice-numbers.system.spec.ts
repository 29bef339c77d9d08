import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { callApi as call, openSession, runBuiltTool, type ApiProcess } from './api-process.js';
import { processesOnOneDatabase } from './faults.js';

const CATALOG = fileURLToPath(new URL('./invoice-numbers.catalog.yaml', import.meta.url));
const EVENT = 'two-processes-invoices';
const ORDERS = 50;
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

/** Issue 14: invoice numbers stay gapless and strictly increasing when two real API processes complete orders at once. */
describe('invoice numbers across two API processes', () => {
  const database = processesOnOneDatabase('system_invoices', CATALOG, { RESERVATION_SWEEP_INTERVAL_MS: '0' });
  const { start, logs } = database;
  let processes: ApiProcess[] = [];
  beforeAll(async () => {
    processes = await Promise.all([start('A'), start('B')]);
  });

  it(`gives ${ORDERS} orders completed at once, half in each process, the numbers 1..${ORDERS}, each once`, async () => {
    const buyers = await Promise.all(Array.from({ length: ORDERS }, (_, i) => openSession(processes[i % 2]!)));
    const ids: string[] = [];
    for (const [i, buyer] of buyers.entries()) {
      const reserved = await call(buyer, 'POST', `/event/${EVENT}/reserve-tickets?lang=en`, { reservation: [{ ticketCategoryId: 1, amount: 1 }] });
      expect(reserved.status, `reserve ${i}\n${logs()}`).toBe(200);
      const id = reserved.body.value as string;
      const [ticket] = (await call(buyer, 'GET', `/reservation/${id}`)).body.ticketsByCategory[0].tickets as { uuid: string }[];
      const contact = { firstName: 'Ada', lastName: `Buyer${i}`, email: `buyer${i}@example.org` };
      const validated = await call(buyer, 'POST', `/reservation/${id}/validate-to-overview?lang=en`, { ...contact, ...business, tickets: { [ticket!.uuid]: contact } });
      expect(validated.status, JSON.stringify(validated.body)).toBe(200);
      ids.push(id);
    }

    // every order is confirmed (paid at the desk) at the same moment, half through each process
    const confirmed = await Promise.all(
      ids.map((id, i) => call(buyers[i]!, 'POST', `/reservation/${id}?lang=en`, { paymentProxy: 'ON_SITE', termAndConditionsAccepted: true, privacyPolicyAccepted: true })),
    );
    expect(confirmed.filter((c) => c.status !== 200).map((c) => c.body), logs()).toEqual([]);

    const views = await Promise.all(ids.map((id, i) => call(buyers[(i + 1) % ORDERS]!, 'GET', `/reservation/${id}`)));
    expect(views.map((v) => v.body.status)).toEqual(ids.map(() => 'COMPLETE'));
    const numbers = views.map((v) => v.body.invoiceNumber as string);
    expect([...numbers].sort()).toEqual(Array.from({ length: ORDERS }, (_, i) => `INV-${String(i + 1).padStart(6, '0')}`));

    // the log agrees: one InvoiceNumberAssigned per order, in sequence, and the chain of every stream intact
    await Promise.all(processes.map((p) => p.stop()));
    const history = runBuiltTool('cli', ['audit', 'history', 'invoice-sequence-invoicing-test'], database.url);
    expect(history.status, history.output).toBe(0);
    expect(history.stdout.match(/InvoiceNumberAssigned/g)).toHaveLength(ORDERS);
    const verified = runBuiltTool('cli', ['audit', 'verify-log'], database.url);
    expect(verified.status, verified.output).toBe(0);
  }, 240_000);
});
