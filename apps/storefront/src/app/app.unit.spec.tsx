import { RouterProvider, createMemoryHistory } from '@tanstack/react-router';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANNOUNCEMENT_DISMISSED_KEY } from '../features/chrome';
import { LANGUAGE_STORAGE_KEY } from '../features/i18n';
import { asResponse } from '../api/app-queries';
import { eventsQueryOptions, subscriptionsQueryOptions } from '../api/catalog-queries';
import { createTestContext, forbidFetch, makeInfo, renderWithProviders } from '../test/test-context';
import { createAppRouter } from './router';

function renderApp(path: string, info = makeInfo()) {
  const context = createTestContext({ info });
  // Empty catalogs, as the home pages' loaders would find them in the cache.
  for (const params of [undefined, { organizerSlug: 'acme' }]) {
    context.queryClient.setQueryData(eventsQueryOptions(params).queryKey, asResponse([]));
    context.queryClient.setQueryData(subscriptionsQueryOptions(params).queryKey, asResponse([]));
  }
  const router = createAppRouter(context, { history: createMemoryHistory({ initialEntries: [path] }) });
  renderWithProviders(<RouterProvider router={router} />, context);
  return { router, context };
}

describe('storefront shell', () => {
  let requests: string[];

  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
    const forbidden = forbidFetch();
    requests = forbidden.calls;
    vi.stubGlobal('fetch', forbidden.fetch);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('renders home from the preloaded cache without any request', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose your Event' })).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Skip to main content' }).getAttribute('href')).toBe('#main-content');
    expect(requests).toEqual([]);
  });

  it('takes the language from the lang query, persists it and sets <html lang>', async () => {
    renderApp('/o/acme?lang=it');
    expect(await screen.findByRole('heading', { level: 1, name: 'Scegli il tuo evento' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('it');
    expect(sessionStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('it');
    expect(screen.getByRole('combobox', { name: 'Lingua' })).toHaveProperty('value', 'it');
  });

  it('uses the persisted language when there is no query', async () => {
    sessionStorage.setItem(LANGUAGE_STORAGE_KEY, 'de');
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Wählen Sie Ihre Veranstaltung' })).toBeTruthy();
  });

  it('drops the lang query when the visitor picks another language', async () => {
    const { router } = renderApp('/?lang=it');
    fireEvent.change(await screen.findByRole('combobox', { name: 'Lingua' }), { target: { value: 'de' } });
    await waitFor(() => expect(router.state.location.search).toEqual({}));
    expect(await screen.findByRole('heading', { level: 1, name: 'Wählen Sie Ihre Veranstaltung' })).toBeTruthy();
    expect(sessionStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de');
  });

  it('sends an unknown route home', async () => {
    const { router } = renderApp('/no/such/page');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
  });

  it('shows the banners and footer links from the app info', async () => {
    renderApp(
      '/',
      makeInfo({
        devModeEnabled: true,
        prodModeEnabled: true,
        announcementBannerContentHTML: '<p>Welcome!</p>',
        globalTermsUrl: 'https://example.org/terms',
      }),
    );
    expect(await screen.findByRole('region', { name: 'Announcement' })).toBeTruthy();
    expect(screen.getByText('This site is running in development mode.')).toBeTruthy();
    expect(screen.getByText(/production mode without HTTPS/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'terms and conditions' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'privacy policy' })).toBeNull();
    expect(localStorage.getItem(ANNOUNCEMENT_DISMISSED_KEY)).toBeNull();
  });
});
