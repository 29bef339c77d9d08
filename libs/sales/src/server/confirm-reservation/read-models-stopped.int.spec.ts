import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProjectionStoppedError } from '@ticketing/projections';
import { startMailCatcher } from '@ticketing/testing/app';
import { catalogEvent, eventDetails, localDaysFrom, organizer, ticketCategory } from '@ticketing/testing/catalog-events';
import { buyerOf, givenCatalog, mailboxOf, reservationLog, startPaymentShop, type PaymentShop } from '../pay-online/pay-online.fixtures.js';

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

/**
 * Audit (atomicity) 3: a write that committed is answered as one, and what follows it happens, even when the read
 * models cannot show it (a projection stopped on an error; the same holds for one too far behind). The wait for them
 * (read-your-writes) used to throw after the append: a 500 for an order that was confirmed, and its e-mail never sent
 * (a retry finds the order confirmed and sends nothing). Here the audit's stream summary, which every event reaches,
 * is broken (its table renamed) just before the orders are confirmed: it stops on their first event.
 */
describe('confirming while a read model is stopped', () => {
  let shop: PaymentShop;
  let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
  const { mailsTo, exactlyOneMailTo } = mailboxOf(() => catcher);
  const orders: Record<'free' | 'transfer' | 'token' | 'invoiced', { id: string; email: string; buyer: Awaited<ReturnType<typeof buyerOf>> }> = {} as never;

  beforeAll(async () => {
    catcher = await startMailCatcher();
    shop = await startPaymentShop(catcher.port);
    const { app } = shop;
    await givenCatalog(app, [
      { shortName: 'transfer', proxies: ['OFFLINE'] },
      { shortName: 'token-gig', organizerSlug: 'plain', proxies: ['STRIPE'] },
    ]);
    const now = new Date();
    const [start, end] = [localDaysFrom(now, 30), localDaysFrom(now, 30, '23:00:00')];
    const billing = organizer({ slug: 'billing', name: 'Billing Events' });
    await app.given('organizer-billing', [catalogEvent({ type: 'OrganizerRegistered', data: { organizer: { ...billing, invoicing: { ...billing.invoicing!, invoiceNumberPattern: 'INV-%06d' } } } })]);
    for (const [shortName, organizerSlug, price, proxies] of [
      ['free-talk', 'acme', 0, []],
      ['expo', 'billing', 2000, ['ON_SITE']],
    ] as const) {
      await app.given(`event-${shortName}`, [
        catalogEvent({ type: 'EventPublished', data: { event: eventDetails({ shortName, organizerSlug, start, end, allowedPaymentProxies: [...proxies] }) } }),
        catalogEvent({ type: 'CapacityDefined', data: { eventShortName: shortName, capacity: { id: 1, key: 'hall', name: 'Hall', size: 10 } } }),
        catalogEvent({ type: 'TicketCategoryAdded', data: { eventShortName: shortName, category: ticketCategory({ id: 1, key: 'regular', price, capacityId: 1 }) } }),
      ]);
    }
    for (const [kind, shortName] of [['free', 'free-talk'], ['transfer', 'transfer'], ['token', 'token-gig']] as const) {
      const email = `${kind}@example.org`;
      const buyer = await buyerOf(app, email);
      orders[kind] = { id: await buyer.toOverview(shortName), email, buyer };
    }
    const email = 'invoiced@example.org';
    const buyer = await buyerOf(app, email);
    const id = (await buyer.reserve('expo')).body.value as string;
    const [ticket] = (await buyer.info(id)).body.ticketsByCategory[0].tickets as { uuid: string }[];
    const contact = { firstName: 'Ada', lastName: 'Lovelace', email };
    expect((await buyer.call('POST', `/reservation/${id}/validate-to-overview?lang=en`, { ...contact, ...business, tickets: { [ticket!.uuid]: contact } })).status).toBe(200);
    orders.invoiced = { id, email, buyer };

    await app.db.query('alter table public.stream_summary rename to stream_summary_away');
  }, 60_000);

  afterAll(async () => {
    await shop?.app.close();
    await catcher?.close();
  });

  it('answers a free order 200 and sends its confirmation', async () => {
    const { id, email, buyer } = orders.free;
    expect(await buyer.confirm(id, {})).toMatchObject({ status: 200, body: { success: true } });
    expect(await reservationLog(shop.app, id)).toContain('ReservationConfirmed');
    await exactlyOneMailTo(email);
    expect(mailsTo(email)[0]!.text).toContain(id.slice(0, 8).toUpperCase());
    // the read model really is stopped: a wait for the head fails (the test cannot pass on a healthy app)
    await expect(shop.app.settle()).rejects.toBeInstanceOf(ProjectionStoppedError);
  });

  it('answers a bank-transfer order 200 and sends its transfer instructions', async () => {
    const { id, email, buyer } = orders.transfer;
    expect(await buyer.confirm(id, { paymentProxy: 'OFFLINE', selectedPaymentMethod: 'BANK_TRANSFER' })).toMatchObject({ status: 200, body: { success: true } });
    expect(await reservationLog(shop.app, id)).toContain('ReservationConfirmed');
    await exactlyOneMailTo(email);
  });

  it('completes a card token charged at once (the order follows its payment) and sends the confirmation', async () => {
    const { id, email, buyer } = orders.token;
    const confirmed = await buyer.confirm(id, { paymentProxy: 'STRIPE', selectedPaymentMethod: 'CREDIT_CARD', gatewayToken: 'tok_visa' });
    expect(confirmed).toMatchObject({ status: 200, body: { success: true, value: { success: true, redirect: false } } });
    expect(await reservationLog(shop.app, id)).toContain('ReservationConfirmed');
    await exactlyOneMailTo(email);
  });

  it('gives an order paid on site with an invoice its number (the finalizer) and sends the confirmation', async () => {
    const { id, email, buyer } = orders.invoiced;
    expect(await buyer.confirm(id, { paymentProxy: 'ON_SITE', selectedPaymentMethod: 'ON_SITE' })).toMatchObject({ status: 200, body: { success: true } });
    expect(await reservationLog(shop.app, id)).toEqual(expect.arrayContaining(['ReservationConfirmed', 'ReservationFinalized']));
    await exactlyOneMailTo(email);
  });
});
