import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeBasicEvent, makeSubscription, SUBSCRIPTION_ID } from '../../../test/catalog-fixtures';
import { renderApp } from '../../../test/render-app';

const API = `/api/v2/public/subscription/${SUBSCRIPTION_ID}`;

describe('subscription page', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows title, description, price with tax, validity, entries, sale period and the compatible events', async () => {
    const { calls } = renderApp(`/subscription/${SUBSCRIPTION_ID}`, {
      [API]: makeSubscription(),
      '/api/v2/public/events': (url: URL) => (url.searchParams.get('subscription') === SUBSCRIPTION_ID ? [makeBasicEvent('kammermusik'), makeBasicEvent('strings')] : []),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pass 6f1c (en)' })).toBeTruthy();
    expect(screen.getByText('Ten concerts')).toBeTruthy();
    const summary = within(screen.getByRole('complementary', { name: 'Subscription details' }));
    expect(summary.getByText('250.00 CHF')).toBeTruthy();
    expect(summary.getByText(/incl\. VAT at 7\.7%/)).toBeTruthy();
    expect(summary.getByText('Valid for 12 months. One entry per event')).toBeTruthy();
    expect(summary.getByText('Maximum entries: 10')).toBeTruthy();
    expect(summary.getByText('01.01.2027 00:00 – 31.12.2027 23:59')).toBeTruthy();
    expect(summary.queryByText(/no subscriptions available/)).toBeNull();

    const events = within(await screen.findByRole('region', { name: 'Events you can attend with this subscription' }));
    expect(events.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['kammermusik (en)', 'strings (en)']);
    expect(events.getByRole('link', { name: 'kammermusik (en)' }).getAttribute('href')).toBe(`/event/kammermusik?subscription=${SUBSCRIPTION_ID}`);
    expect(screen.getByRole('link', { name: /Back to the organizer's website/ }).getAttribute('href')).toBe('https://example.org/pass');
    expect(calls).toContain(`/api/v2/public/events?subscription=${SUBSCRIPTION_ID}`);
    expect(screen.queryByRole('button', { name: /buy/i })).toBeNull();
  });

  it('warns when it is sold out, and shows unlimited entries when there is no maximum', async () => {
    renderApp(`/subscription/${SUBSCRIPTION_ID}`, {
      [API]: makeSubscription({ numAvailable: 0, maxEntries: null, validityType: 'NOT_SET', validityUnits: null, validityTimeUnit: null }),
      '/api/v2/public/events': [],
    });
    expect(await screen.findByText('We are sorry, there are no subscriptions available at the moment.')).toBeTruthy();
    expect(screen.getByText('Unlimited entries')).toBeTruthy();
    expect(screen.queryByRole('region', { name: /Events you can attend/ })).toBeNull();
  });

  it('goes home for an unknown subscription or an id that is not a UUID', async () => {
    const unknown = renderApp(`/subscription/${SUBSCRIPTION_ID}`, { [API]: { status: 404 }, '/api/v2/public/events': [], '/api/v2/public/subscriptions': [] });
    await waitFor(() => expect(unknown.router.state.location.pathname).toBe('/'));
    cleanup();
    const malformed = renderApp('/subscription/not-a-uuid', { '/api/v2/public/events': [], '/api/v2/public/subscriptions': [] });
    await waitFor(() => expect(malformed.router.state.location.pathname).toBe('/'));
    expect(malformed.calls.some((c) => c.includes('/subscription/'))).toBe(false);
  });
});
