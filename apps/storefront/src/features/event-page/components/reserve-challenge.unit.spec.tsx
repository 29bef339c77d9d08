import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TurnstileOptions } from '../../challenge/turnstile';
import { makeCategory, makeEvent, makeItems } from '../../../test/catalog-fixtures';
import type { FakeRequest } from '../../../test/catalog-fixtures';
import { renderApp } from '../../../test/render-app';
import { createTestContext, makeInfo } from '../../../test/test-context';

const API = '/api/v2/public/event/concert';
const RESERVATION_ID = '4b7e2f8a-1c3d-4e5f-9a0b-1c2d3e4f5a6b';
const CHALLENGE = { status: 403, headers: { 'Alfio-Verification-Missing': 'turnstile' } };
const reserved = { success: true, errorCount: 0, validationErrors: [], value: RESERVATION_ID, warnings: [] };

/** A stand-in for Cloudflare's script: renders a focusable button and hands out the options it was given. */
function fakeTurnstile() {
  const widgets: TurnstileOptions[] = [];
  const removed: string[] = [];
  window.turnstile = {
    render: (container, options) => {
      widgets.push(options);
      const button = document.createElement('button');
      button.textContent = 'Verify you are human';
      container.appendChild(button);
      return `widget-${widgets.length}`;
    },
    remove: (id) => removed.push(id),
  };
  return { widgets, removed };
}

/** 403 + Alfio-Verification-Missing unless the request carries the expected token. */
function reserveAnswering(token: string) {
  return (_url: URL, request: FakeRequest) => (request.headers.get('Alfio-Verification') === token ? reserved : CHALLENGE);
}

function open(reserve: (url: URL, request: FakeRequest) => unknown, siteKey: string | null = 'site-key-1') {
  const context = createTestContext({ info: makeInfo({ challengeConfiguration: { apiKey: siteKey, enabled: siteKey !== null, providerId: siteKey ? 'turnstile' : null } }) });
  return renderApp(
    '/event/concert',
    {
      [API]: makeEvent('concert'),
      [`${API}/ticket-categories`]: makeItems({ ticketCategories: [makeCategory(1, 'Festival pass')] }),
      [`POST ${API}/check-discount`]: { status: 204 },
      [`POST ${API}/reserve-tickets`]: reserve,
    },
    context,
  );
}

async function reserveOneTicket() {
  await screen.findByRole('heading', { level: 1 });
  fireEvent.change(screen.getByRole('combobox', { name: 'Quantity for Festival pass' }), { target: { value: '1' } });
  const button = screen.getByRole('button', { name: 'Continue' });
  button.focus();
  fireEvent.click(button);
  return button;
}

describe('human verification on reserve (spec 7-8)', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    delete window.turnstile;
  });

  it('opens the challenge on a 403 with Alfio-Verification-Missing and retries with the token', async () => {
    const turnstile = fakeTurnstile();
    const { requests, router } = open(reserveAnswering('token-1'));
    await reserveOneTicket();

    const dialog = await screen.findByRole('dialog', { name: 'Security check' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getByText('Please confirm that you are a human to continue. This takes only a moment.')).toBeTruthy();
    expect(dialog.contains(document.activeElement)).toBe(true);
    await waitFor(() => expect(turnstile.widgets).toHaveLength(1));
    expect(turnstile.widgets[0]!.sitekey).toBe('site-key-1');

    turnstile.widgets[0]!.callback('token-1');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/event/concert/reservation/${RESERVATION_ID}/book`));
    expect(screen.queryByRole('dialog')).toBeNull();
    const reserves = requests.filter((r) => r.url.includes('/reserve-tickets'));
    expect(reserves.map((r) => r.headers.get('Alfio-Verification'))).toEqual([null, 'token-1']);
    expect(turnstile.removed).toEqual(['widget-1']);
  });

  it('keeps the focus inside the modal', async () => {
    fakeTurnstile();
    open(reserveAnswering('token-1'));
    await reserveOneTicket();
    const dialog = await screen.findByRole('dialog', { name: 'Security check' });
    const verify = await within(dialog).findByRole('button', { name: 'Verify you are human' });
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    cancel.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(verify);
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(cancel);
  });

  it('counts Escape as a failed verification, and gives the focus back', async () => {
    fakeTurnstile();
    const { requests } = open(reserveAnswering('token-1'));
    const button = await reserveOneTicket();
    await screen.findByRole('dialog', { name: 'Security check' });
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(await screen.findByText('The security check failed. Please try again.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
    expect(requests.filter((r) => r.url.includes('/reserve-tickets'))).toHaveLength(1);
  });

  it('fails as a challenge error when the widget script cannot load or no site key is configured', async () => {
    // The script never reaches the network here: its element is caught on the way in and fails.
    const scripts: string[] = [];
    const append = document.head.appendChild.bind(document.head);
    vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
      if (!(node instanceof HTMLScriptElement)) return append(node);
      scripts.push(node.src);
      setTimeout(() => node.dispatchEvent(new Event('error')), 0);
      return node;
    });
    open(reserveAnswering('token-1'));
    await reserveOneTicket();
    expect(await screen.findByText('The security check failed. Please try again.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(scripts).toEqual(['https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit']);
    vi.restoreAllMocks();
    cleanup();

    open(reserveAnswering('token-1'), null);
    await reserveOneTicket();
    expect(await screen.findByText('The security check failed. Please try again.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('forgets a token the server refuses, and asks again on the next reserve', async () => {
    const turnstile = fakeTurnstile();
    const { requests } = open(reserveAnswering('token-2'));
    const button = await reserveOneTicket();
    await screen.findByRole('dialog');
    await waitFor(() => expect(turnstile.widgets).toHaveLength(1));
    turnstile.widgets[0]!.callback('token-1');
    expect(await screen.findByText('The security check failed. Please try again.')).toBeTruthy();

    fireEvent.click(button);
    await screen.findByRole('dialog');
    await waitFor(() => expect(turnstile.widgets).toHaveLength(2));
    turnstile.widgets[1]!.callback('token-2');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const reserves = requests.filter((r) => r.url.includes('/reserve-tickets'));
    // the refused token is not sent again: the next reserve goes without one and is challenged
    expect(reserves.map((r) => r.headers.get('Alfio-Verification'))).toEqual([null, 'token-1', null, 'token-2']);
  });
});
