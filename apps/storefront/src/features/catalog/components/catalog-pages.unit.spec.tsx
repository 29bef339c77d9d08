import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeBasicEvent, makeBasicSubscription, makeEvent, makeItems, makeSubscription, SUBSCRIPTION_ID } from '../../../test/catalog-fixtures';
import { renderApp } from '../../../test/render-app';

const basic = (n: number, prefix = 'event') => Array.from({ length: n }, (_, i) => makeBasicEvent(`${prefix}-${i + 1}`));
const passes = (n: number) => Array.from({ length: n }, (_, i) => makeBasicSubscription(`${i}${SUBSCRIPTION_ID.slice(1)}`));

describe('home and list pages', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists 4 events and 4 subscriptions as cards, with "view all" when there are more', async () => {
    renderApp('/', { '/api/v2/public/events': basic(5), '/api/v2/public/subscriptions': passes(5) });

    const events = await screen.findByRole('region', { name: 'Events' });
    const cards = within(events).getAllByRole('article');
    expect(cards).toHaveLength(4);
    const first = within(cards[0]!);
    expect(first.getByRole('heading', { level: 3, name: 'event-1 (en)' })).toBeTruthy();
    expect(first.getByRole('link', { name: 'event-1 (en)' }).getAttribute('href')).toBe('/event/event-1');
    expect(first.getByText('Sat 12 Jun 2027 from 18:00 to 22:00')).toBeTruthy();
    expect(first.getByText('(Europe/Rome)')).toBeTruthy();
    expect(first.getByText('Via Roma 1, Milano')).toBeTruthy();
    expect(cards[0]!.querySelector('img')?.getAttribute('src')).toBe('/file/blob-event-1');
    expect(within(events).getByRole('link', { name: 'View all events' }).getAttribute('href')).toBe('/events-all');

    const subscriptions = screen.getByRole('region', { name: 'Subscriptions' });
    expect(within(subscriptions).getAllByRole('article')).toHaveLength(4);
    expect(within(subscriptions).getByRole('link', { name: 'View all subscriptions' }).getAttribute('href')).toBe('/subscriptions-all');
    expect(within(subscriptions).getAllByText('250.00 CHF')).toHaveLength(4);
  });

  it('shows the online badge instead of a place, and the title in the first content language as a fallback', async () => {
    const online = makeBasicEvent('webinar', { format: 'ONLINE', location: null, langs: ['it'] });
    renderApp('/', { '/api/v2/public/events': [online, makeBasicEvent('hybrid', { format: 'HYBRID' })], '/api/v2/public/subscriptions': [] });
    const cards = await screen.findAllByRole('article');
    expect(within(cards[0]!).getByRole('heading', { name: 'webinar (it)' })).toBeTruthy();
    // said to be Italian, in an English page (a screen reader reads it so); the English title is the page's language
    expect(within(cards[0]!).getByRole('link', { name: 'webinar (it)' }).getAttribute('lang')).toBe('it');
    expect(within(cards[1]!).getByRole('link').getAttribute('lang')).toBeNull();
    expect(within(cards[0]!).getByText('online')).toBeTruthy();
    expect(within(cards[1]!).getByText('Via Roma 1, Milano')).toBeTruthy();
    expect(within(cards[1]!).getByText('online')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /view all/i })).toBeNull();
  });

  it('goes straight to the only event, keeping the query and replacing the history entry', async () => {
    const { router, history, calls } = renderApp('/?organizer=3&lang=en', {
      '/api/v2/public/events': [makeBasicEvent('solo')],
      '/api/v2/public/subscriptions': [],
      '/api/v2/public/event/solo': makeEvent('solo'),
      '/api/v2/public/event/solo/ticket-categories': makeItems(),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/event/solo'));
    expect(router.state.location.search).toEqual({ organizer: '3', lang: 'en' });
    expect(router.state.location.searchStr).toBe('?organizer=3&lang=en');
    expect(history.length).toBe(1);
    expect(await screen.findByRole('heading', { level: 1, name: 'solo (en)' })).toBeTruthy();
    expect(calls).toContain('/api/v2/public/events?organizer=3');
  });

  it('shows the "no events" notice when nothing matches', async () => {
    renderApp('/', { '/api/v2/public/events': [], '/api/v2/public/subscriptions': [] });
    expect(await screen.findByText('No public events found')).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('filters by organizer on o/{slug} and links "view all" to that organizer', async () => {
    const { calls } = renderApp('/o/milanodev', { '/api/v2/public/events': basic(6), '/api/v2/public/subscriptions': [] });
    const link = await screen.findByRole('link', { name: 'View all events' });
    expect(link.getAttribute('href')).toBe('/o/milanodev/events-all');
    expect(calls).toContain('/api/v2/public/events?organizerSlug=milanodev');
  });

  it('lists every event on events-all, and redirects there too when only one is left', async () => {
    renderApp('/events-all', { '/api/v2/public/events': basic(6) });
    expect(await screen.findByRole('heading', { level: 1, name: 'All events' })).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(6);
    cleanup();

    const { router, history } = renderApp('/o/milanodev/events-all?tags=rust', {
      '/api/v2/public/events': [makeBasicEvent('only-one')],
      '/api/v2/public/event/only-one': makeEvent('only-one'),
      '/api/v2/public/event/only-one/ticket-categories': makeItems(),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/event/only-one'));
    expect(router.state.location.searchStr).toBe('?tags=rust');
    expect(history.length).toBe(1);
  });

  it('redirects subscriptions-all with a single result to the subscription page', async () => {
    const { router } = renderApp('/subscriptions-all', {
      '/api/v2/public/subscriptions': [makeBasicSubscription(SUBSCRIPTION_ID)],
      [`/api/v2/public/subscription/${SUBSCRIPTION_ID}`]: makeSubscription(),
      '/api/v2/public/events': [],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(`/subscription/${SUBSCRIPTION_ID}`));
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
  });

  it('says so when there is no subscription', async () => {
    renderApp('/subscriptions-all', { '/api/v2/public/subscriptions': [] });
    expect(await screen.findByText('No subscriptions found')).toBeTruthy();
  });

  it('offers only the content languages of the events and subscriptions shown', async () => {
    renderApp('/', {
      '/api/v2/public/events': [makeBasicEvent('a', { langs: ['it'] }), makeBasicEvent('b', { langs: ['en'] })],
      '/api/v2/public/subscriptions': [makeBasicSubscription(SUBSCRIPTION_ID, { langs: ['it'] })],
    });
    const select = await screen.findByRole('combobox', { name: 'Language' });
    expect(within(select).getAllByRole('option').map((o) => o.getAttribute('value'))).toEqual(['en', 'it']);
  });
});
