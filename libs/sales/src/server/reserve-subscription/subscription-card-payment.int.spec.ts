import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogEvent, localDaysFrom, subscriptionDescriptor } from '@ticketing/testing/catalog-events';
import { startMailCatcher } from '@ticketing/testing/app';
import { buyerOf, eventually, givenCatalog, startPaymentShop, type PaymentShop } from '../pay-online/pay-online.fixtures.js';

const DESCRIPTOR = '7c000000-0000-4000-8000-000000000001';

/** A pass paid by card (Stripe stand-in, a card token charged at once): the same checkout as an event's tickets. */
describe('a pass paid by card', () => {
  let shop: PaymentShop;
  let catcher: Awaited<ReturnType<typeof startMailCatcher>>;

  beforeAll(async () => {
    catcher = await startMailCatcher();
    shop = await startPaymentShop(catcher.port);
    await givenCatalog(shop.app, []);
    const descriptor = subscriptionDescriptor({ id: DESCRIPTOR, organizerSlug: 'plain', sale: { start: localDaysFrom(new Date(), -1), end: null }, price: 9000, allowedPaymentProxies: ['STRIPE'] });
    await shop.app.given(`subscription-descriptor-${DESCRIPTOR}`, [catalogEvent({ type: 'SubscriptionDescriptorPublished', data: { descriptor } })]);
  });
  afterAll(async () => {
    await shop?.app.close();
    await catcher?.close();
  });

  it('is issued when the card payment completes the order, and the buyer gets the confirmation with the pass page link', async () => {
    const email = 'card-pass@example.org';
    const b = await buyerOf(shop.app, email);
    const reserved = await b.call('POST', `/subscription/${DESCRIPTOR}`);
    expect(reserved.status).toBe(200);
    const id = reserved.body.value as string;
    expect(Object.keys((await b.info(id)).body.activePaymentMethods)).toContain('CREDIT_CARD');
    expect((await b.call('POST', `/reservation/${id}/validate-to-overview?lang=en`, { firstName: 'Ada', lastName: 'Lovelace', email })).status).toBe(200);
    const confirmed = await b.confirm(id, { paymentProxy: 'STRIPE', selectedPaymentMethod: 'CREDIT_CARD', gatewayToken: 'tok_visa' });
    expect(confirmed, JSON.stringify(confirmed.body)).toMatchObject({ status: 200, body: { value: { success: true, redirect: false } } });
    const paid = (await b.info(id)).body;
    expect(paid).toMatchObject({ status: 'COMPLETE', paid: true, paymentProxy: 'STRIPE', orderSummary: { totalPrice: '90.00' } });
    expect(paid.subscriptionInfos[0]).toMatchObject({ owner: { firstName: 'Ada', lastName: 'Lovelace', email } });
    expect(paid.subscriptionInfos[0].pin).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(await shop.app.store.readStream(`subscription-${paid.subscriptionInfos[0].id}`)).toHaveLength(1);
    const mails = await eventually(async () => catcher.mails.filter((m) => m.to.includes(email)), (found) => found.length >= 1);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`/subscription/${DESCRIPTOR}/reservation/${id}/success`);
    // its one line named by the pass's title, as on the success page and the invoice
    expect(mails[0]!.text).toContain('1 x Season pass  CHF 90.00');
    expect(mails[0]!.html).toMatch(/<td[^>]*>\s*Season pass\s*<\/td>/);
    // it speaks of the subscription, with what the buyer books with: its owner, ID and PIN
    const { pin, id: passId } = paid.subscriptionInfos[0];
    expect(mails[0]!.subject).toBe(`Your subscription Season pass – reservation ${paid.shortId}`);
    expect(mails[0]!.text).toContain(`Subscription owner: Ada Lovelace (${email})\nSubscription ID: ${passId}\nPIN: ${pin}\n`);
    expect(mails[0]!.html).toContain(`PIN: ${pin}`);
    expect(mails[0]!.text).not.toContain('Your tickets');

    // the success page's "send again": for this pass's order only
    const resend = (path: string) => b.call('POST', `/${path}/reservation/${id}/re-send-email?lang=en`);
    expect(await resend(`subscription/${DESCRIPTOR}`)).toMatchObject({ status: 200, body: true });
    expect((await resend('subscription/7c000000-0000-4000-8000-0000000000ff')).status).toBe(404);
    expect(catcher.mails.filter((m) => m.to.includes(email))).toHaveLength(2);
  });

  it("bought for someone else: its owner gets the PIN and the ID (no link: the order's page is the buyer's), once", async () => {
    const email = 'gift-buyer@example.org';
    const owner = 'gift-owner@example.org';
    const b = await buyerOf(shop.app, email);
    const id = (await b.call('POST', `/subscription/${DESCRIPTOR}`)).body.value as string;
    const form = { firstName: 'Ada', lastName: 'Lovelace', email, differentSubscriptionOwner: true, subscriptionOwner: { firstName: 'Grace', lastName: 'Hopper', email: owner } };
    expect((await b.call('POST', `/reservation/${id}/validate-to-overview?lang=en`, form)).status).toBe(200);
    expect((await b.confirm(id, { paymentProxy: 'STRIPE', selectedPaymentMethod: 'CREDIT_CARD', gatewayToken: 'tok_visa' })).status).toBe(200);
    const paid = (await b.info(id)).body;
    const { pin, id: passId } = paid.subscriptionInfos[0];
    const [gift] = await eventually(async () => catcher.mails.filter((m) => m.to.includes(owner)), (found) => found.length >= 1);
    expect(gift!.subject).toBe('Your subscription Season pass');
    expect(gift!.text).toContain('Hello Grace,\n\nAda Lovelace bought the subscription Season pass for you.');
    expect(gift!.text).toContain(`Subscription ID: ${passId}\nPIN: ${pin}\n`);
    expect(gift!.text).not.toContain(id);
    // the buyer's confirmation names the owner; sending it again does not write to the owner again
    expect(catcher.mails.find((m) => m.to.includes(email))!.text).toContain(`Subscription owner: Grace Hopper (${owner})`);
    expect((await b.call('POST', `/subscription/${DESCRIPTOR}/reservation/${id}/re-send-email?lang=en`)).body).toBe(true);
    expect(catcher.mails.filter((m) => m.to.includes(owner))).toHaveLength(1);
  });
});
