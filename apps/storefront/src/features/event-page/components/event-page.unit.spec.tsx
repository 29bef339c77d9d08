import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeCategory, makeEvent, makeItems, makeService } from '../../../test/catalog-fixtures';
import { renderApp } from '../../../test/render-app';

const API = '/api/v2/public/event/milanodev-2027';

const items = makeItems({
  ticketCategories: [
    makeCategory(1, 'Early bird', { hasDiscount: true, formattedDiscountedPrice: '80.00', availableTickets: 12 }),
    makeCategory(2, 'Student', { free: true, formattedFinalPrice: '0.00' }),
    makeCategory(3, 'Workshop day', { saleInFuture: true, saleableAndLimitNotReached: false, formattedInception: { en: '01.03.2027 09:00' } }),
    makeCategory(4, 'Standard', { saleableAndLimitNotReached: false, soldOutOrLimitReached: true }),
  ],
  expiredCategories: [makeCategory(9, 'Blind bird', { expired: true, saleableAndLimitNotReached: false, formattedExpiration: { en: '31.12.2026 23:59' } })],
  additionalServices: [
    makeService(20, 'SUPPLEMENT', 'Conference T-shirt'),
    makeService(21, 'DONATION', 'Diversity scholarship', { fixPrice: false, formattedFinalPrice: '0.00' }),
  ],
});

const event = makeEvent('milanodev-2027', {
  format: 'HYBRID',
  mapUrl: '/file/map-milano',
  vatIncluded: false,
  customCss: '.event-header__title { color: rgb(1, 2, 3); }',
  langs: ['en', 'it'],
});

function api(overrides: Record<string, unknown> = {}) {
  return {
    [API]: event,
    [`${API}/ticket-categories`]: items,
    '/api/v2/public/events': [],
    '/api/v2/public/subscriptions': [],
    ...overrides,
  };
}

describe('event page', () => {
  beforeEach(() => {
    sessionStorage.clear();
    document.head.querySelectorAll('style#event-custom-css').forEach((s) => s.remove());
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the header, facts, calendar links, place, map, description and website link', async () => {
    renderApp('/event/milanodev-2027', api());
    expect(await screen.findByRole('heading', { level: 1, name: 'milanodev-2027 (en)' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Image of the event milanodev-2027 (en)' }).getAttribute('src')).toBe('/file/blob-milanodev-2027');

    const facts = screen.getByRole('complementary', { name: 'Event details' });
    expect(within(facts).getByText('Sat 12 Jun 2027 from 18:00 to 22:00')).toBeTruthy();
    expect(within(facts).getByText('Dates and times are in the time zone of the event (Europe/Rome).')).toBeTruthy();
    expect(within(facts).getByRole('link', { name: 'Download calendar file (iCal, Outlook)' }).getAttribute('href')).toBe(`${API}/calendar/en`);
    const google = within(facts).getByRole('link', { name: /Add to Google Calendar/ });
    expect(google.getAttribute('href')).toBe(`${API}/calendar/en?type=google`);
    expect(google.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(facts).getByText('Via Roma 1, Milano')).toBeTruthy();
    expect(within(facts).getByText('online')).toBeTruthy();
    // the organizer's map image itself, named after the place, loaded when it comes near the screen
    const map = within(facts).getByRole('img', { name: 'Map of Via Roma 1, Milano' });
    expect(map.getAttribute('src')).toBe('/file/map-milano');
    expect(map.getAttribute('loading')).toBe('lazy');
    expect(within(facts).getByText('Milano Dev')).toBeTruthy();
    expect(within(facts).getByRole('link', { name: 'info@milanodev.example' }).getAttribute('href')).toBe('mailto:info@milanodev.example');
    expect(within(facts).getByRole('link', { name: /Go to the event website/ }).getAttribute('href')).toBe('https://example.org/event');

    expect(screen.getByRole('region', { name: 'About this event' }).textContent).toContain('About milanodev-2027 in en');
    expect(document.title).toBe('Reserve a ticket for milanodev-2027 (en)!');
  });

  it('lists the categories with prices, discounts, tax, sale dates, availability and quantity selects', async () => {
    renderApp('/event/milanodev-2027', api());
    const tickets = await screen.findByRole('region', { name: 'Tickets' });
    const [early, student, workshop, standard] = within(tickets).getAllByRole('listitem').slice(0, 4).map((li) => within(li));

    expect(early!.getByRole('heading', { level: 3, name: 'Early bird' })).toBeTruthy();
    expect(early!.getByText('100.00 CHF').tagName).toBe('DEL');
    expect(early!.getByText('80.00 CHF')).toBeTruthy();
    expect(early!.getByText('Original price: 100.00 CHF, Discounted price: 80.00 CHF')).toBeTruthy();
    expect(early!.getByText('+ 7.7% VAT')).toBeTruthy();
    expect(early!.getByText('Sales end 11.06.2027 23:59')).toBeTruthy();
    expect(early!.getByText('12 left')).toBeTruthy();
    expect(student!.getByText('Free')).toBeTruthy();
    expect(student!.queryByText(/VAT/)).toBeNull();
    expect(workshop!.getByText('Sales start 01.03.2027 09:00')).toBeTruthy();
    expect(standard!.getByText('Sold out')).toBeTruthy();

    // On sale: a quantity select each; not yet on sale or sold out: none.
    expect(early!.getByRole('combobox', { name: 'Quantity for Early bird' })).toBeTruthy();
    expect(student!.getByRole('combobox', { name: 'Quantity for Student' })).toBeTruthy();
    expect(workshop!.queryByRole('combobox')).toBeNull();
    expect(standard!.queryByRole('combobox')).toBeNull();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
  });

  it('keeps expired categories in a collapsed section', async () => {
    renderApp('/event/milanodev-2027', api());
    const summary = await screen.findByText('Expired categories');
    const details = summary.closest('details')!;
    expect(details.open).toBe(false);
    expect(within(details).getByText('Sales ended 31.12.2026 23:59')).toBeTruthy();
    fireEvent.click(summary);
    expect(details.open).toBe(true);
  });

  it('lists supplements and donations in their own sections', async () => {
    renderApp('/event/milanodev-2027', api());
    const supplements = await screen.findByRole('region', { name: 'Additional options' });
    expect(within(supplements).getByRole('heading', { level: 3, name: 'Conference T-shirt' })).toBeTruthy();
    expect(within(supplements).getByText('15.00 CHF')).toBeTruthy();
    expect(within(supplements).getByText('Optional, up to 2 per ticket')).toBeTruthy();
    const donations = screen.getByRole('region', { name: 'Donations' });
    expect(within(donations).getByText('Amount of your choice')).toBeTruthy();
  });

  it('shows error codes from the address as global errors', async () => {
    renderApp('/event/milanodev-2027?errors=error.STEP_1_CODE_NOT_FOUND', api());
    const tickets = await screen.findByRole('region', { name: 'Tickets' });
    expect(within(tickets).getAllByRole('alert').map((a) => a.textContent)).toContain('This code is not valid or has already been used.');
  });

  it('goes home for an unknown event', async () => {
    const { router } = renderApp('/event/nope', api({ '/api/v2/public/event/nope': { status: 404 } }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose your Event' })).toBeTruthy();
  });

  it('applies the event CSS in a <style> element and removes it on leaving the event', async () => {
    const { router } = renderApp('/event/milanodev-2027', api());
    await screen.findByRole('heading', { level: 1 });
    const style = document.head.querySelector('style#event-custom-css');
    expect(style?.textContent).toBe('.event-header__title { color: rgb(1, 2, 3); }');

    await router.navigate({ to: '/' });
    await screen.findByRole('heading', { level: 1, name: 'Choose your Event' });
    expect(document.head.querySelector('style#event-custom-css')).toBeNull();
  });

  it('replaces the CSS when another event is shown', async () => {
    const other = makeEvent('other', { customCss: 'body { margin: 1px; }' });
    const { router } = renderApp(
      '/event/milanodev-2027',
      api({ '/api/v2/public/event/other': other, '/api/v2/public/event/other/ticket-categories': makeItems() }),
    );
    await screen.findByRole('heading', { level: 1, name: 'milanodev-2027 (en)' });
    await router.navigate({ to: '/event/$eventShortName', params: { eventShortName: 'other' } });
    await screen.findByRole('heading', { level: 1, name: 'other (en)' });
    const styles = document.head.querySelectorAll('style#event-custom-css');
    expect(Array.from(styles).map((s) => s.textContent)).toEqual(['body { margin: 1px; }']);
  });

  it('offers only the event content languages in the language select', async () => {
    renderApp('/event/milanodev-2027', api());
    const select = await screen.findByRole('combobox', { name: 'Language' });
    expect(within(select).getAllByRole('option').map((o) => o.getAttribute('value'))).toEqual(['en', 'it']);
  });

  it('switches to a content language when the chosen one is not offered, and shows the content in it', async () => {
    sessionStorage.setItem('ALFIO_LANG', 'de');
    renderApp('/event/milanodev-2027', api({ [API]: makeEvent('milanodev-2027', { langs: ['it'] }) }));
    expect(await screen.findByRole('heading', { level: 1, name: 'milanodev-2027 (it)' })).toBeTruthy();
    await waitFor(() => expect(document.documentElement.lang).toBe('it'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Biglietti' })).toBeTruthy();
    // the page put Italian on for its content: the visitor's own choice stays theirs for the pages that offer it
    expect(sessionStorage.getItem('ALFIO_LANG')).toBe('de');
    // A single language leaves nothing to choose.
    expect(screen.queryByRole('combobox', { name: 'Lingua' })).toBeNull();
    expect(screen.getAllByRole('combobox').every((c) => c.getAttribute('aria-label')?.startsWith('Quantit'))).toBe(true);
  });

  it('uses the event terms and privacy links in the footer', async () => {
    renderApp('/event/milanodev-2027', api());
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('link', { name: 'terms and conditions' }).getAttribute('href')).toBe('https://example.org/terms');
  });

  it("uses the event's own texts where it overrides the bundle", async () => {
    renderApp('/event/milanodev-2027', api({ [API]: { ...event, i18nOverride: { en: { 'show-event.tickets': 'Passes for {{0}}' } } } }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Passes for {{0}}' })).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 2, name: 'Tickets' })).toBeNull();
  });
});
