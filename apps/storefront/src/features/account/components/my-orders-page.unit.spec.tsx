import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { createTestContext } from '../../../test/test-context';
import { accountApi, loginOnContext, makeOrder, makeOrderGroup, makeUser } from '../account-fixtures';

const FREE_ORDER = '3f2a9c1e-77aa-4bcd-9e01-aa00bb11cc22';
const PAID_ORDER = 'b1c2d3e4-5f60-4718-8a9b-0c1d2e3f4a5b';
const PASS_ORDER = 'c0ffee00-1234-4abc-8def-001122334455';

describe('my orders (spec 2, My orders)', () => {
  beforeEach(() => sessionStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the orders per purchase context: short id linked to the order, status with its word, date, items, total or free', async () => {
    const groups = [
      makeOrderGroup('winter-festival', [
        makeOrder(FREE_ORDER),
        makeOrder(PAID_ORDER, { status: 'OFFLINE_PAYMENT', formattedConfirmedOn: null, finalPrice: 40, items: [{ id: 't2', firstName: null, lastName: null, type: { en: 'VIP' } }] }),
      ]),
      makeOrderGroup('pass-1', [makeOrder(PASS_ORDER, { finalPrice: 120.5, items: [{ id: 'p1', firstName: 'Ada', lastName: 'Lovelace', type: { en: 'Season pass' } }] })], {
        type: 'subscription',
        title: { en: 'Season pass' },
        formattedStartDate: null,
      }),
    ];
    renderApp('/my-orders', accountApi(makeUser(), groups), loginOnContext());
    expect(await screen.findByRole('heading', { level: 1, name: 'My orders' })).toBeTruthy();

    const festival = screen.getByRole('region', { name: 'Winter Festival' });
    // each table is named by its event or pass, for screen readers listing the page's tables
    expect(within(festival).getByRole('table', { name: 'Winter Festival' })).toBeTruthy();
    expect(within(festival).getByText('Starts on 12 December 2026')).toBeTruthy();
    const [, free, paid] = within(festival).getAllByRole('row');
    expect(within(free!).getByRole('link', { name: '3F2A9C1E' }).getAttribute('href')).toBe(`/event/winter-festival/reservation/${FREE_ORDER}/book`);
    expect(within(free!).getByText('Complete')).toBeTruthy();
    expect(free!.querySelector('.order-status--complete')).not.toBeNull();
    expect(within(free!).getByText('27 November 2026')).toBeTruthy();
    expect(within(free!).getByText('Ada Lovelace (Regular)')).toBeTruthy();
    expect(within(free!).getByText('Free')).toBeTruthy();
    expect(within(paid!).getByRole('link', { name: 'B1C2D3E4' })).toBeTruthy();
    expect(within(paid!).getByText('Pending')).toBeTruthy();
    expect(paid!.querySelector('.order-status--pending')).not.toBeNull();
    expect(within(paid!).getByText('VIP')).toBeTruthy();
    expect(within(paid!).getByText('CHF 40.00')).toBeTruthy();

    const pass = screen.getByRole('region', { name: 'Season pass' });
    expect(within(pass).queryByText(/Starts on/)).toBeNull();
    expect(within(pass).getByRole('link', { name: 'C0FFEE00' }).getAttribute('href')).toBe(`/subscription/pass-1/reservation/${PASS_ORDER}/book`);
    // a pass's item is its owner alone (no type for a subscription)
    expect(within(pass).getByText('Ada Lovelace')).toBeTruthy();
    expect(within(pass).getByText('CHF 120.50')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/');
  });

  it('says so when there are no orders yet (the server answers 204)', async () => {
    renderApp('/my-orders', accountApi(makeUser(), []), loginOnContext());
    expect(await screen.findByText("You don't have any orders yet.")).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('sends an anonymous visitor home', async () => {
    const { router } = renderApp('/my-orders', accountApi(null), loginOnContext());
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('heading', { name: 'My orders' })).toBeNull();
  });

  it('sends everybody home when login is off, without asking who they are', async () => {
    const { router, calls } = renderApp('/my-orders', accountApi(makeUser(), [], false), createTestContext({ lang: 'en' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls).not.toContain('/api/v2/public/user/me');
  });
});
