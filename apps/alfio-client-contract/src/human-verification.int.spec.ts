import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSiteverifyStandIn, type SiteverifyStandIn } from '@ticketing/testing/app';
import * as api from './client/alfio-api.js';
import { reservationForm } from './client/alfio-forms.js';
import { expectStatus } from './support/client-reads.js';
import { gala, givenCatalog } from './support/contract-catalog.js';
import { startContractApp, type ContractApp } from './support/contract-app.js';

const SITE_KEY = '1x00000000000000000000AA';
const SECRET = '0x4AAAAAAAcontract-secret';
/** What the Turnstile widget hands the client once the visitor passed. */
const WIDGET_TOKEN = 'XXXX.CONTRACT.TOKEN.XXXX';

/**
 * Human verification as the client meets it (challenge/challenge.interceptor.ts, challenge.service.ts): reserve is
 * refused with 403 and `Alfio-Verification-Missing`, the client reads the info's challenge configuration, solves
 * the Turnstile widget of that site key and sends the same request once more with `Alfio-Verification`; the token
 * then goes with every request.
 */
describe('alf.io client: Turnstile challenge on reserve', () => {
  let contract: ContractApp;
  let siteverify: SiteverifyStandIn;
  beforeAll(async () => {
    siteverify = await startSiteverifyStandIn(SECRET, WIDGET_TOKEN);
    contract = await startContractApp({ TURNSTILE_ENABLED: 'true', TURNSTILE_SITE_KEY: SITE_KEY, TURNSTILE_SECRET: SECRET, TURNSTILE_VERIFY_URL: siteverify.url });
    await givenCatalog(contract.app, gala);
  });
  afterAll(async () => {
    await contract?.close();
    await siteverify?.close();
  });

  it('challenged once, reserves with the token, and sends it with the next reserve', async () => {
    const tab = contract.tab();
    const sitekeys: string[] = [];
    tab.solveChallengesWith((siteKey) => {
      sitekeys.push(siteKey);
      return WIDGET_TOKEN;
    });
    const { items } = await tab.eventPage(gala.shortName);
    const reserveAt = tab.page.journal.length;
    const id = await tab.reserve(gala.shortName, reservationForm(items, { tickets: { 1: 1 } }));
    const reservePath = `/api/v2/public/event/${gala.shortName}/reserve-tickets`;
    expect(tab.page.journal.slice(reserveAt), 'reserve: refused, the info read for the challenge, sent again').toEqual([`POST ${reservePath}`, 'GET /api/v2/info', `POST ${reservePath}`]);
    expect(sitekeys, 'challenge: the widget opened with the info challengeConfiguration.apiKey').toEqual([SITE_KEY]);
    expect(siteverify.calls.map((c) => c.response), 'siteverify: the token checked').toEqual([WIDGET_TOKEN]);
    expect(await tab.guard(id), 'reservation guard: route of the new reservation').toBe('book');

    expectStatus('booking page: cancel', await api.cancelPendingReservation(tab.page, id), 200);
    const again = tab.page.journal.length;
    await tab.reserve(gala.shortName, reservationForm(items, { tickets: { 2: 1 } }));
    // the kept token goes with it (a real siteverify takes a token once: the client would be challenged again)
    expect(siteverify.calls.map((c) => c.response), 'siteverify: the kept token sent with the next reserve').toEqual([WIDGET_TOKEN, WIDGET_TOKEN]);
    expect(tab.page.journal.slice(again), 'reserve again: no new challenge while the stand-in takes the token').toEqual([`POST ${reservePath}`]);
  });

  it('without a token the answer is the challenge the client recognises', async () => {
    const tab = contract.tab();
    const { items } = await tab.eventPage(gala.shortName);
    const refused = await api.reserveTickets(tab.page, gala.shortName, reservationForm(items, { tickets: { 1: 1 } }), tab.lang);
    expect(refused.status, 'reserve without a token: HTTP status').toBe(403);
    expect(refused.headers.get('alfio-verification-missing'), 'reserve without a token: Alfio-Verification-Missing').toBe('turnstile');
  });
});
