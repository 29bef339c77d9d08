import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { bundles } from '@ticketing/i18n';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeBasicEvent, makeSubscription, SUBSCRIPTION_ID } from '../../../test/catalog-fixtures';
import type { FakeRequest } from '../../../test/catalog-fixtures';
import { renderApp } from '../../../test/render-app';
import { createTestContext, makeInfo } from '../../../test/test-context';
import { makePassOrder, RESERVATION } from '../../subscription-reservation/pass-fixtures';
import type { TurnstileOptions } from '../../challenge/turnstile';

const API = `/api/v2/public/subscription/${SUBSCRIPTION_ID}`;

describe('subscription page', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows title, description, price with tax, validity, entries, sale period and the compatible events', async () => {
    const { calls } = renderApp(`/subscription/${SUBSCRIPTION_ID}`, {
      [API]: makeSubscription({ fileBlobId: 'pass-image' }),
      '/api/v2/public/events': (url: URL) =>
        url.searchParams.get('subscription') === SUBSCRIPTION_ID ? [makeBasicEvent('kammermusik'), makeBasicEvent('strings')] : [],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pass 6f1c (en)' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Image of the subscription Pass 6f1c (en)' })).toBeTruthy();
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
    expect(events.getByRole('link', { name: 'kammermusik (en)' }).getAttribute('target')).toBeNull();
    expect(screen.getByRole('link', { name: /Back to the organizer's website/ }).getAttribute('href')).toBe('https://example.org/pass');
    expect(calls).toContain(`/api/v2/public/events?subscription=${SUBSCRIPTION_ID}`);
    expect(summary.getByRole('button', { name: 'Continue' })).toBeTruthy();
  });

  it('embedded in a host\'s frame, opens a compatible event in a new tab (the event may not allow that host)', async () => {
    Object.defineProperty(window, 'parent', { value: { postMessage: vi.fn() }, configurable: true });
    try {
      renderApp(`/subscription/${SUBSCRIPTION_ID}`, { [API]: makeSubscription(), '/api/v2/public/events': [makeBasicEvent('kammermusik')] });
      const events = within(await screen.findByRole('region', { name: 'Events you can attend with this subscription' }));
      const link = events.getByRole('link', { name: 'kammermusik (en)' });
      expect([link.getAttribute('target'), link.getAttribute('rel')]).toEqual(['_blank', 'noopener']);
    } finally {
      Object.defineProperty(window, 'parent', { value: window, configurable: true });
    }
  });

  it('warns when it is sold out, and shows unlimited entries when there is no maximum', async () => {
    renderApp(`/subscription/${SUBSCRIPTION_ID}`, {
      [API]: makeSubscription({ numAvailable: 0, maxEntries: null, validityType: 'NOT_SET', validityUnits: null, validityTimeUnit: null }),
      '/api/v2/public/events': [],
    });
    expect(await screen.findByText('We are sorry, there are no subscriptions available at the moment.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
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

  describe('Continue (spec 2, 4, 8)', () => {
    const RESERVE = `POST ${API}`;

    it('reserves once in the visitor language, in progress meanwhile, and goes to the booking step of the new reservation', async () => {
      let answer: (value: unknown) => void = () => undefined;
      const rendered = renderApp(`/subscription/${SUBSCRIPTION_ID}`, {
        [API]: makeSubscription(),
        '/api/v2/public/events': [],
        [RESERVE]: () => new Promise((resolve) => (answer = resolve)),
        [`/api/v2/public/reservation/${RESERVATION}/status`]: { status: 'PENDING', validatedBookingInformation: false },
        [`GET /api/v2/public/reservation/${RESERVATION}`]: makePassOrder(),
        '/api/v2/public/i18n/countries/en': [],
      });
      const button = await screen.findByRole('button', { name: 'Continue' });
      fireEvent.click(button);
      const busy = await screen.findByRole('button', { name: 'Reserving your subscription…' });
      expect(busy.getAttribute('aria-busy')).toBe('true');
      fireEvent.click(busy);
      await waitFor(() => expect(rendered.requests.filter((r) => r.method === 'POST')).toHaveLength(1));
      const post = rendered.requests.find((r) => r.method === 'POST')!;
      expect(post.url).toBe(API);
      expect(post.headers.get('Accept-Language')).toBe('en');
      answer({ success: true, value: RESERVATION, errorCount: 0, validationErrors: [] });
      // the status guard of the new reservation lets its booking step through
      await waitFor(() => expect(rendered.router.state.location.pathname).toBe(`/subscription/${SUBSCRIPTION_ID}/reservation/${RESERVATION}/book`));
      expect(await screen.findByRole('region', { name: 'Subscription owner' })).toBeTruthy();
      expect(rendered.calls).toContain(`/api/v2/public/reservation/${RESERVATION}/status`);
      expect(rendered.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    });

    it.each([
      [
        'its first validation error code',
        {
          status: 422,
          body: { success: false, errorCount: 1, validationErrors: [{ fieldName: '', code: 'show-subscription.sold-out.message', arguments: {} }] },
        },
        'We are sorry, there are no subscriptions available at the moment.',
      ],
      ['the generic message for anything else', { status: 500 }, 'reservation-page-error-status.header.title'],
    ])('shows a refusal as an error toast with %s, and stays', async (_, refusal, text) => {
      const rendered = renderApp(`/subscription/${SUBSCRIPTION_ID}`, { [API]: makeSubscription(), '/api/v2/public/events': [], [RESERVE]: refusal });
      fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
      const expected = text === 'reservation-page-error-status.header.title' ? bundles.en[text] : text;
      await waitFor(() => expect(screen.getAllByRole('alert').some((a) => a.textContent?.includes(expected!))).toBe(true));
      expect(rendered.router.state.location.pathname).toBe(`/subscription/${SUBSCRIPTION_ID}`);
      expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
    });
  });

  it('passes the human verification the event page asks for: a 403 opens the challenge, the retry carries its token', async () => {
    const widgets: TurnstileOptions[] = [];
    window.turnstile = {
      render: (container, options) => {
        widgets.push(options);
        container.appendChild(document.createElement('button'));
        return `widget-${widgets.length}`;
      },
      remove: () => undefined,
    };
    const RESERVATION = '4b7e2f8a-1c3d-4e5f-9a0b-1c2d3e4f5a6b';
    const context = createTestContext({ info: makeInfo({ challengeConfiguration: { apiKey: 'site-key-1', enabled: true, providerId: 'turnstile' } }) });
    const rendered = renderApp(
      `/subscription/${SUBSCRIPTION_ID}`,
      {
        [API]: makeSubscription(),
        '/api/v2/public/events': [],
        [`POST ${API}`]: (_url: URL, request: FakeRequest) =>
          request.headers.get('Alfio-Verification') === 'token-1'
            ? { success: true, errorCount: 0, validationErrors: [], value: RESERVATION }
            : { status: 403, headers: { 'Alfio-Verification-Missing': 'turnstile' } },
        [`/api/v2/public/reservation/${RESERVATION}/status`]: { status: 404 },
      },
      context,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    await screen.findByRole('dialog', { name: 'Security check' });
    await waitFor(() => expect(widgets).toHaveLength(1));
    widgets[0]!.callback('token-1');
    await waitFor(() => expect(rendered.router.state.location.pathname).toMatch(new RegExp(`^/subscription/${SUBSCRIPTION_ID}/reservation/${RESERVATION}/`)));
    expect(rendered.requests.filter((r) => r.method === 'POST').map((r) => r.headers.get('Alfio-Verification'))).toEqual([null, 'token-1']);
    delete window.turnstile;
  });
});
