import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher } from '@ticketing/testing/app';
import * as api from './client/alfio-api.js';
import { overviewForm, reservationForm, ticketForm, type ContactAndTicketsForm } from './client/alfio-forms.js';
import { expectStatus } from './support/client-reads.js';
import type { ClientTab } from './support/client-tab.js';
import { freeTalk, gala, givenCatalog } from './support/contract-catalog.js';
import { startContractApp, type ContractApp } from './support/contract-app.js';

const ORGANIZER_KEY = 'k-contract-7d2e4a9c1b';
/** The server renders the page shell only when the storefront is built (npm run build). */
const storefrontBuilt = existsSync('dist/storefront/index.html');

/** What a visitor types on the booking page: the contact, and each ticket's holder (booking.component.html, ticket-form). */
function fillIn(form: ContactAndTicketsForm, userLanguage: string | null): void {
  form.firstName = 'Ada';
  form.lastName = 'Lovelace';
  form.email = 'ada@example.org';
  Object.values(form.tickets).forEach((ticket, i) => {
    ticket.firstName = `Guest${i}`;
    ticket.lastName = 'Byron';
    ticket.email = `guest${i}@example.org`;
    if (userLanguage !== null) ticket.userLanguage = userLanguage;
  });
}

/**
 * The three purchases without a card, each the whole way the client goes: event page, categories, reserve, booking,
 * validate-to-overview, overview, confirm, the guard's status, and the page it lands on; then cancel and the e-mail
 * sent again.
 */
describe('alf.io client: purchases', () => {
  let contract: ContractApp;
  let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
  const tabs: ClientTab[] = [];
  const newTab = () => {
    const tab = contract.tab();
    tabs.push(tab);
    return tab;
  };

  beforeAll(async () => {
    catcher = await startMailCatcher();
    contract = await startContractApp({ SMTP_URL: `smtp://127.0.0.1:${catcher.port}`, MAIL_FROM: 'tickets@acme.test', ORGANIZER_API_KEYS: `acme:${ORGANIZER_KEY}` });
    await givenCatalog(contract.app, gala, freeTalk);
  });
  afterAll(async () => {
    await contract?.close();
    await catcher?.close();
  });

  it('by bank transfer, quantities as the old client sends them ("2" beside an untouched 0), in Italian', async () => {
    const tab = newTab();
    const { event, items } = await tab.eventPage(gala.shortName, 'it');
    expect(tab.lang).toBe('it');
    expect(items.ticketCategories.map((c) => c.id), 'ticket categories: id').toEqual([1, 2, 3]);
    expect(items.ticketCategories.every((c) => c.saleableAndLimitNotReached && c.maximumSaleableTickets >= 2), 'ticket categories: the selects are shown').toBe(true);

    // each quantity change asks for a dynamic discount (selectionChange); none here: 204, nothing shown
    const first = reservationForm(items, { tickets: { 1: '2' } });
    const second = reservationForm(items, { tickets: { 1: '2', 2: '1' } });
    for (const form of [first, second]) {
      const discount = await api.checkDynamicDiscountAvailability(tab.page, gala.shortName, form);
      expectStatus('dynamic discount', discount, 204);
      expect(discount.body, 'dynamic discount: no body').toBeNull();
    }
    expect(second.reservation).toEqual([
      { ticketCategoryId: 1, amount: '2' },
      { ticketCategoryId: 2, amount: '1' },
      { ticketCategoryId: 3, amount: 0 },
    ]);
    const id = await tab.reserve(gala.shortName, second);

    const { view, form } = await tab.bookingPage(gala.shortName, id);
    expect(view.ticketsByCategory.map((c) => c.tickets.length), 'booking page: ticketsByCategory.tickets').toEqual([2, 1]);
    expect(form.invoiceRequested, 'booking form: invoiceRequested from the reservation').toBe(false);
    // two content languages: the ticket's language is a select the visitor picks from
    fillIn(form, 'it');
    const { answer } = await tab.submitBooking(id, form);
    expectStatus('booking submit', answer, 200);

    const { view: overview } = await tab.overviewPage(gala.shortName, id);
    expect(Object.keys(overview.activePaymentMethods).sort(), 'overview: activePaymentMethods').toEqual(['BANK_TRANSFER', 'ON_SITE']);
    expect(overview.activePaymentMethods['BANK_TRANSFER']!.paymentProxy, 'overview: activePaymentMethods.BANK_TRANSFER.paymentProxy').toBe('OFFLINE');
    expect(overview.orderSummary, 'overview: orderSummary').toMatchObject({ free: false, priceInCents: 11500, totalPrice: '115.00' });
    expect(overview.orderSummary.summary.map((r) => r.type), 'overview: orderSummary.summary.type').toEqual(['TICKET', 'TICKET']);
    const confirmForm = overviewForm(overview, event, { method: 'BANK_TRANSFER', acceptTerms: true, acceptPrivacy: true });
    expect(confirmForm).toEqual({ termAndConditionsAccepted: true, privacyPolicyAccepted: true, selectedPaymentMethod: 'BANK_TRANSFER', paymentProxy: 'OFFLINE', gatewayToken: null, captcha: null });
    expect(await tab.confirm(id, confirmForm), 'reservation guard: route after a bank transfer').toBe('waiting-payment');

    const waiting = await tab.waitingPaymentPage(gala.shortName, id);
    expect(waiting.view.status).toBe('OFFLINE_PAYMENT');
    expect(waiting.event.bankAccount, 'waiting-payment page: event bankAccount').toBe('CH93 0076 2011 6238 5295 7');
    expect(waiting.event.bankAccountOwner.length, 'waiting-payment page: event bankAccountOwner.length').toBeGreaterThan(0);
    await expect.poll(() => catcher.mails.some((m) => m.to.includes('ada@example.org') && m.text.includes(waiting.view.shortId)), { message: 'transfer instructions e-mailed' }).toBe(true);

    // the organizer sees the transfer arrive; the next visit of the page lands on success
    const paid = await fetch(`${contract.origin}/api/v2/organizer/reservations/${id}/confirm-payment`, { method: 'POST', headers: { authorization: `ApiKey ${ORGANIZER_KEY}` } });
    expect(paid.status, 'organizer: confirm-payment').toBe(200);
    expect(await tab.guard(id), 'reservation guard: route once paid').toBe('success');
    const done = await tab.successPage(gala.shortName, id);
    // the link of the confirmation e-mail, opened later in another browser: the page loads, the guard finds it complete
    const later = newTab();
    const { status } = await later.page.open(`/event/${gala.shortName}/reservation/${id}/success`);
    expect(status, 'the success page opened from a link: HTTP status').toBe(storefrontBuilt ? 200 : 404);
    expect(await later.guard(id), 'reservation guard: route of a paid order, another session').toBe('success');
    expect((await later.successPage(gala.shortName, id)).status, 'success page, another session: status').toBe('COMPLETE');
    expect(done, 'success page').toMatchObject({ status: 'COMPLETE', paid: true });
    expect(done.ticketsByCategory.flatMap((c) => c.tickets).every((t) => t.assigned), 'success page: ticketsByCategory.tickets.assigned').toBe(true);
  });

  let onSite: { tab: ClientTab; id: string } | undefined;

  it('on site, quantities as numbers (the reference client), and the e-mail sent again from the success page', async () => {
    const tab = newTab();
    const { event, items } = await tab.eventPage(gala.shortName, 'en');
    const id = await tab.reserve(gala.shortName, reservationForm(items, { tickets: { 1: 1, 3: 1 } }));
    const { form } = await tab.bookingPage(gala.shortName, id);
    // the language select of each ticket left as the form starts it (two content languages: no language forced)
    const untouched = Object.values(form.tickets).map((t) => t.userLanguage);
    fillIn(form, null);
    expect(Object.values(form.tickets).map((t) => t.userLanguage)).toEqual(untouched);
    expectStatus('booking submit', (await tab.submitBooking(id, form)).answer, 200);
    const { view } = await tab.overviewPage(gala.shortName, id);
    expect(view.orderSummary.priceInCents, 'overview: orderSummary.priceInCents').toBe(13500);
    const confirmForm = overviewForm(view, event, { method: 'ON_SITE', acceptTerms: true, acceptPrivacy: true });
    expect(confirmForm).toMatchObject({ selectedPaymentMethod: 'ON_SITE', paymentProxy: 'ON_SITE' });
    expect(await tab.confirm(id, confirmForm), 'reservation guard: route after an on-site order').toBe('success');
    const done = await tab.successPage(gala.shortName, id);
    expect(done, 'success page').toMatchObject({ status: 'COMPLETE', paymentProxy: 'ON_SITE', metadata: { readyForConfirmation: true } });
    onSite = { tab, id };

    const before = catcher.mails.filter((m) => m.to.includes('ada@example.org')).length;
    const resent = await api.reSendReservationEmail(tab.page, 'event', gala.shortName, id, tab.lang);
    expectStatus('success page: re-send e-mail', resent, 200);
    expect(resent.body, 'success page: re-send e-mail answer (shows the alert)').toBe(true);
    await expect.poll(() => catcher.mails.filter((m) => m.to.includes('ada@example.org')).length, { message: 'the e-mail sent again' }).toBe(before + 1);
  });

  it('assignment postponed: the ticket forms hidden, their empty values still sent, the tickets issued unassigned', async () => {
    const tab = newTab();
    const { event, items } = await tab.eventPage(gala.shortName, 'en');
    const id = await tab.reserve(gala.shortName, reservationForm(items, { tickets: { 2: '2' } }));
    const { view: booking, form } = await tab.bookingPage(gala.shortName, id);
    // booking.component.html offers the box: no additional services, assignment not forced, several tickets, no groups
    expect(event.assignmentConfiguration.forceAssignment, 'event: assignmentConfiguration.forceAssignment').toBe(false);
    expect(booking.containsCategoriesLinkedToGroups, 'booking page: containsCategoriesLinkedToGroups').toBe(false);
    Object.assign(form, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', postponeAssignment: true });
    expect(Object.values(form.tickets).every((t) => t.firstName === null && t.email === null), 'booking form: tickets sent as built').toBe(true);
    expectStatus('booking submit, assignment postponed', (await tab.submitBooking(id, form)).answer, 200);
    const { view } = await tab.overviewPage(gala.shortName, id);
    expect(await tab.confirm(id, overviewForm(view, event, { method: 'ON_SITE', acceptTerms: true, acceptPrivacy: true })), 'reservation guard: route after an on-site order').toBe('success');
    const done = await tab.successPage(gala.shortName, id);
    expect(done.ticketsByCategory.flatMap((c) => c.tickets).map((t) => t.assigned), 'success page: ticketsByCategory.tickets.assigned').toEqual([false, false]);
  });

  it('free, one category, a quantity "2" from the old template: NONE and no payment proxy', async () => {
    const tab = newTab();
    const { event, items } = await tab.eventPage(freeTalk.shortName, 'en');
    expect(items.ticketCategories[0], 'ticket categories: free').toMatchObject({ free: true });
    const id = await tab.reserve(freeTalk.shortName, reservationForm(items, { tickets: { 1: '2' } }));
    const { view: booking, form } = await tab.bookingPage(freeTalk.shortName, id);
    expect(booking.orderSummary.free, 'booking page: orderSummary.free').toBe(true);
    fillIn(form, 'en');
    expectStatus('booking submit', (await tab.submitBooking(id, form)).answer, 200);
    const { view } = await tab.overviewPage(freeTalk.shortName, id);
    expect(view.activePaymentMethods, 'overview: activePaymentMethods of a free order').toEqual({});
    // no privacy policy on this event: its box is not shown and stays false
    const confirmForm = overviewForm(view, event, { acceptTerms: true, acceptPrivacy: true });
    expect(confirmForm).toEqual({ termAndConditionsAccepted: true, privacyPolicyAccepted: false, selectedPaymentMethod: 'NONE', paymentProxy: null, gatewayToken: null, captcha: null });
    expect(await tab.confirm(id, confirmForm), 'reservation guard: route after a free order').toBe('success');
    expect(await tab.successPage(freeTalk.shortName, id), 'success page').toMatchObject({ status: 'COMPLETE', paid: false, paymentProxy: 'NONE' });
  });

  /**
   * The success page shows, per ticket, the buttons its flags allow (success.component.html): "send by e-mail"
   * (sendMailEnabled), the PDF link (downloadEnabled) and the holder's form of an unlocked ticket (T4-T6 of the
   * catalogue), each answered by the ticketing context.
   */
  describe('the success page\'s ticket buttons', () => {
    const firstTicket = async () => {
      const { tab, id } = onSite!;
      const view = await tab.reservation('success page', id);
      return { tab, ticket: view.ticketsByCategory[0]!.tickets[0]! };
    };

    it('send ticket by e-mail (T4): POST /event/{e}/ticket/{uuid}/send-ticket-by-email', async () => {
      const { tab, ticket } = await firstTicket();
      expect(ticket.sendMailEnabled, 'success page: sendMailEnabled').toBe(true);
      const sent = await api.sendTicketByEmail(tab.page, gala.shortName, ticket.uuid);
      expectStatus('success page: send ticket by e-mail', sent, 200);
      expect(sent.body).toBe(true);
    });

    it('download the ticket: GET /event/{e}/ticket/{uuid}/download-ticket (a PDF)', async () => {
      const { ticket } = await firstTicket();
      expect(ticket.downloadEnabled, 'success page: downloadEnabled').toBe(true);
      const pdf = await fetch(`${contract.origin}${api.downloadTicketUrl(gala.shortName, ticket.uuid)}`);
      expect(pdf.status, 'success page: download-ticket HTTP status').toBe(200);
      expect(pdf.headers.get('content-type')).toContain('application/pdf');
    });

    it('update the holder of an unlocked ticket (T5): PUT /event/{e}/ticket/{uuid}', async () => {
      const { tab, ticket } = await firstTicket();
      expect(ticket.locked, 'success page: locked').toBe(false);
      const event = await tab.event(gala.shortName);
      const updated = await api.updateTicket(tab.page, gala.shortName, ticket.uuid, { ...ticketForm(ticket, event), firstName: 'Augusta' });
      expectStatus('success page: update ticket', updated, 200);
    });
  });

  it('cancelled from the booking page: the seats come back and the reservation is gone', async () => {
    const tab = newTab();
    const { items } = await tab.eventPage(gala.shortName, 'en');
    const before = items.ticketCategories.find((c) => c.id === 3)!;
    const id = await tab.reserve(gala.shortName, reservationForm(items, { tickets: { 3: 2 } }));
    await tab.bookingPage(gala.shortName, id);
    const held = (await tab.ticketCategories(gala.shortName)).ticketCategories.find((c) => c.id === 3)!;
    expect(held.containsPendingTickets, 'ticket categories: containsPendingTickets while held').toBe(true);

    const cancelled = await api.cancelPendingReservation(tab.page, id);
    expectStatus('booking page: cancel', cancelled, 200);
    expect(cancelled.body, 'booking page: cancel answer').toBe(true);
    expect(await tab.guard(id), 'reservation guard: route of a cancelled reservation').toBe('not-found');
    const after = (await tab.ticketCategories(gala.shortName)).ticketCategories.find((c) => c.id === 3)!;
    expect(after, 'ticket categories after the cancel').toMatchObject({ containsPendingTickets: false, maximumSaleableTickets: before.maximumSaleableTickets });
  });

  it('answered every GET with Alfio-OpenId-Enabled', () => {
    expect(tabs.length).toBeGreaterThan(0);
    for (const tab of tabs) expect(tab.getsWithoutOpenIdHeader(), 'GETs without Alfio-OpenId-Enabled').toEqual([]);
  });
});
