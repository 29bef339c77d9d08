import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as api from './client/alfio-api.js';
import { overviewForm, reservationForm, waitingListForm } from './client/alfio-forms.js';
import { errorsShownOn, expectField, expectStatus } from './support/client-reads.js';
import { givenCatalog, preSale, soldOut } from './support/contract-catalog.js';
import { startContractApp, type ContractApp } from './support/contract-app.js';

/**
 * The waiting-list box of the event page (event-display.component.html: shown while `waitingList`, with the
 * pre-sales texts when `preSales`; the category select only for more than one category): the form as the client
 * builds it (createWaitingListFormIfNecessary, every control null until touched) and its errors on its inputs.
 */
describe('alf.io client: waiting list', () => {
  let contract: ContractApp;
  beforeAll(async () => {
    contract = await startContractApp();
    await givenCatalog(contract.app, soldOut, preSale);
  });
  afterAll(() => contract?.close());

  it('a sold-out event: the box instead of the selects, a refused form on its inputs, then two sign-ups', async () => {
    // someone buys the last two seats
    const buyer = contract.tab();
    const { event, items } = await buyer.eventPage(soldOut.shortName);
    expect(items.waitingList, 'ticket categories before the sell-out: waitingList').toBe(false);
    const id = await buyer.reserve(soldOut.shortName, reservationForm(items, { tickets: { 1: '1', 2: '1' } }));
    const { form } = await buyer.bookingPage(soldOut.shortName, id);
    Object.assign(form, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' });
    Object.values(form.tickets).forEach((t, i) => Object.assign(t, { firstName: `Guest${i}`, lastName: 'Byron', email: `guest${i}@example.org` }));
    expectStatus('booking submit', (await buyer.submitBooking(id, form)).answer, 200);
    const { view } = await buyer.overviewPage(soldOut.shortName, id);
    expect(await buyer.confirm(id, overviewForm(view, event, { acceptTerms: true, acceptPrivacy: true })), 'reservation guard: route after an on-site order').toBe('success');

    const visitor = contract.tab();
    const { items: full } = await visitor.eventPage(soldOut.shortName);
    expect(full, 'ticket categories of a sold-out event').toMatchObject({ waitingList: true, preSales: false });
    expect(full.ticketCategories.every((c) => !c.saleableAndLimitNotReached && c.soldOutOrLimitReached), 'ticket categories: saleableAndLimitNotReached / soldOutOrLimitReached').toBe(true);
    expect(full.ticketCategoriesForWaitingList.map((c) => c.id), 'ticket categories: ticketCategoriesForWaitingList.id (the category select shown)').toEqual([1, 2]);

    // submitted with the name only: the client shows each error on its input
    const refused = await api.submitWaitingListSubscriptionRequest(visitor.page, soldOut.shortName, waitingListForm({ firstName: 'Grace', lastName: 'Hopper' }));
    expect(errorsShownOn(refused, waitingListForm({})).sort(), 'waiting list: an incomplete form').toEqual([
      'email:error.email',
      'privacyPolicyAccepted:error.STEP_2_TERMS_CONDITIONS',
      'termAndConditionsAccepted:error.STEP_2_TERMS_CONDITIONS',
      'userLanguage:error.userLanguage',
    ]);

    const chosen = await api.submitWaitingListSubscriptionRequest(
      visitor.page,
      soldOut.shortName,
      waitingListForm({ firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.org', selectedCategory: 2, userLanguage: 'en', termAndConditionsAccepted: true, privacyPolicyAccepted: true }),
    );
    expectStatus('waiting list: subscribe to a category', chosen, 200);
    expectField('waiting list: subscribe to a category', chosen, 'value').toBe(true);

    // the blank option of the category select: any category
    const any = await api.submitWaitingListSubscriptionRequest(
      visitor.page,
      soldOut.shortName,
      waitingListForm({ firstName: 'Alan', lastName: 'Turing', email: 'alan@example.org', selectedCategory: '', userLanguage: 'en', termAndConditionsAccepted: true, privacyPolicyAccepted: true }),
    );
    expectStatus('waiting list: subscribe to any category', any, 200);
    expectField('waiting list: subscribe to any category', any, 'value').toBe(true);
    for (const tab of [buyer, visitor]) expect(tab.getsWithoutOpenIdHeader(), 'GETs without Alfio-OpenId-Enabled').toEqual([]);
  });

  it('a pre-sale: the sign-up before the sale opens, one category so no select, no privacy box (both stay null)', async () => {
    const tab = contract.tab();
    const { items } = await tab.eventPage(preSale.shortName);
    expect(items, 'ticket categories before the sale').toMatchObject({ waitingList: true, preSales: true });
    expect(items.ticketCategoriesForWaitingList.length, 'ticket categories: ticketCategoriesForWaitingList (no select for one)').toBe(1);
    const signedUp = await api.submitWaitingListSubscriptionRequest(
      tab.page,
      preSale.shortName,
      // no privacy policy: no such box, its control stays null
      waitingListForm({ firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.org', userLanguage: 'en', termAndConditionsAccepted: true }),
    );
    expectStatus('waiting list: pre-sale sign-up', signedUp, 200);
    expectField('waiting list: pre-sale sign-up', signedUp, 'value').toBe(true);
    expect(tab.getsWithoutOpenIdHeader(), 'GETs without Alfio-OpenId-Enabled').toEqual([]);
  });
});
