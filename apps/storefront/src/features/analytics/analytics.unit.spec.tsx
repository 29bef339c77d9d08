import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { asResponse } from '../../api/app-queries';
import { eventsQueryOptions, subscriptionsQueryOptions } from '../../api/catalog-queries';
import { afterFirstLoad } from '../../app/after-load';
import { createAppRouter } from '../../app/router';
import { createTestContext, forbidFetch, makeInfo, renderWithProviders } from '../../test/test-context';
import { anonymousPath, TAB_CLIENT_ID_KEY } from './analytics';

/** The real app's router on the home page, with the info the server would publish, and what loads after the first page. */
async function startApp(analyticsConfiguration: { googleAnalyticsKey: string | null; googleAnalyticsScrambledInfo: boolean; clientId: string | null }) {
  const context = createTestContext({ info: makeInfo({ analyticsConfiguration }) });
  for (const params of [undefined, { organizerSlug: 'acme' }, { subscription: 'secret-pass' }, { subscription: 'another' }]) {
    context.queryClient.setQueryData(eventsQueryOptions(params).queryKey, asResponse([]));
    context.queryClient.setQueryData(subscriptionsQueryOptions(params).queryKey, asResponse([]));
  }
  const router = createAppRouter(context, { history: createMemoryHistory({ initialEntries: ['/'] }) });
  renderWithProviders(<RouterProvider router={router} />, context);
  await screen.findByRole('heading', { level: 1 });
  afterFirstLoad(router);
  return router;
}

/** The commands gtag.js would read, as arrays (the page pushes `arguments` objects, as Google's snippet does). */
const commands = () => (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
const pageViews = () => commands().filter(([kind, name]) => kind === 'event' && name === 'page_view').map(([, , data]) => (data as { page_location: string }).page_location);
const gtagScripts = () => [...document.head.querySelectorAll<HTMLScriptElement>('script[src*="gtag"]')];

describe('analytics', () => {
  beforeEach(() => {
    sessionStorage.clear();
    vi.stubGlobal('fetch', forbidFetch().fetch);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    delete window.dataLayer;
    delete window.gtag;
    for (const script of gtagScripts()) script.remove();
    document.head.querySelector('meta[name="analytics-script"]')?.remove();
  });

  it('denies every consent before anything else, then counts the first page, anonymously, and loads gtag.js with the id', async () => {
    await startApp({ googleAnalyticsKey: 'G-TEST12345', googleAnalyticsScrambledInfo: true, clientId: null });
    await waitFor(() => expect(gtagScripts()).toHaveLength(1));
    const [consent, js, config, view] = commands();
    expect(consent).toEqual(['consent', 'default', { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' }]);
    expect(js?.[0]).toBe('js');
    const tabId = sessionStorage.getItem(TAB_CLIENT_ID_KEY);
    expect(tabId).toMatch(/^[0-9a-f-]{36}$/);
    expect(config).toEqual(['config', 'G-TEST12345', { send_page_view: false, anonymize_ip: true, client_storage: 'none', client_id: tabId }]);
    expect(view).toEqual(['event', 'page_view', { page_location: `${window.location.origin}/`, page_title: document.title }]);
    expect(gtagScripts()[0]!.src).toBe('https://www.googletagmanager.com/gtag/js?id=G-TEST12345');
    expect(gtagScripts()[0]!.async).toBe(true);
  });

  it('counts each next page once, without its query, and not a change of the query alone', async () => {
    const router = await startApp({ googleAnalyticsKey: 'G-TEST12345', googleAnalyticsScrambledInfo: true, clientId: null });
    await waitFor(() => expect(pageViews()).toHaveLength(1));
    await router.navigate({ to: '/events-all', search: { subscription: 'secret-pass' } as never });
    await waitFor(() => expect(pageViews()).toEqual([`${window.location.origin}/`, `${window.location.origin}/events-all`]));
    await router.navigate({ to: '/events-all', search: { subscription: 'another' } as never });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pageViews()).toHaveLength(2);
    expect(JSON.stringify(commands())).not.toContain('secret-pass');
  });

  it('keeps the tab its id across pages, and tells Google nothing of it when anonymous mode is off', async () => {
    sessionStorage.setItem(TAB_CLIENT_ID_KEY, 'kept-id');
    await startApp({ googleAnalyticsKey: 'G-TEST12345', googleAnalyticsScrambledInfo: true, clientId: null });
    await waitFor(() => expect(commands()[2]?.[2]).toMatchObject({ client_id: 'kept-id' }));
    cleanup();
    delete window.dataLayer;
    await startApp({ googleAnalyticsKey: 'G-OTHER', googleAnalyticsScrambledInfo: false, clientId: null });
    await waitFor(() => expect(commands()[2]).toEqual(['config', 'G-OTHER', { send_page_view: false }]));
    expect(commands()[0]?.[0]).toBe('consent');
  });

  it('loads gtag.js from where the page names it', async () => {
    const meta = document.createElement('meta');
    meta.name = 'analytics-script';
    meta.content = 'http://127.0.0.1:4174/gtag/js';
    document.head.append(meta);
    await startApp({ googleAnalyticsKey: 'G-TEST12345', googleAnalyticsScrambledInfo: false, clientId: null });
    await waitFor(() => expect(gtagScripts().map((s) => s.src)).toEqual(['http://127.0.0.1:4174/gtag/js?id=G-TEST12345']));
  });

  it("counts a page by its path without anyone's ids: whoever had the address would open the order or the ticket", () => {
    const uuid = '6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b';
    expect(anonymousPath(`/event/meetup-typescript-event-sourcing/reservation/${uuid}/book`)).toBe('/event/meetup-typescript-event-sourcing/reservation/:id/book');
    expect(anonymousPath(`/event/e/ticket/${uuid.toUpperCase()}/view`)).toBe('/event/e/ticket/:id/view');
    expect(anonymousPath(`/event/e/ticket/${uuid}/check-in/${'ab12'.repeat(16)}/waiting-room`)).toBe('/event/e/ticket/:id/check-in/:id/waiting-room');
    expect(anonymousPath(`/subscription/${uuid}/reservation/${uuid}/success`)).toBe('/subscription/:id/reservation/:id/success');
    expect(anonymousPath('/o/milano-dev/events-all')).toBe('/o/milano-dev/events-all');
  });

  it('loads nothing without a measurement id', async () => {
    await startApp({ googleAnalyticsKey: null, googleAnalyticsScrambledInfo: false, clientId: null });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(window.dataLayer).toBeUndefined();
    expect(window.gtag).toBeUndefined();
    expect(gtagScripts()).toEqual([]);
  });
});
