import { describe, expect, it } from 'vitest';
import { isSharedStream, linksOf, mentions } from '../../queries/order-story/order-links.js';
import { idsNamedBy, isOrderIdShaped } from './order-mentions.projection.js';

const ORDER = '0f5c2a9e-3b1d-4c7a-9e2f-6d8b1a3c5e7f';
const TICKET = 'A1B2C3D4-E5F6-4A7B-8C9D-0E1F2A3B4C5D';

describe('order-mentions keys', () => {
  it('takes every UUID an event names, at any depth, once, and nothing else', () => {
    const data = { reservationId: ORDER, eventShortName: 'gala', lines: [{ id: TICKET, categoryId: 1 }], again: [ORDER], at: '2025-03-01T10:00:00.000Z', user: 'U1' };
    expect([...idsNamedBy(data)]).toEqual([ORDER, TICKET]);
    expect([...idsNamedBy({ reservationIds: [] })]).toEqual([]);
  });

  it("leaves tickets' ids out: a ticket's id is never an order's", () => {
    const held = { reservationId: ORDER, opening: { reservationId: ORDER, tickets: [{ ticketId: TICKET, categoryId: 1 }] }, ticketIds: [TICKET] };
    expect([...idsNamedBy(held)]).toEqual([ORDER]);
  });

  it('indexes exactly what the story keeps of a shared stream: for an id an order can have, a key iff the data mentions it', () => {
    const events = [{ reservationId: ORDER }, { reservationIds: ['x', ORDER] }, { nested: { deep: [{ id: ORDER }] } }, { reservationId: TICKET }, { erasedSubjects: [`reservation-${ORDER}`] }];
    for (const data of events) expect(idsNamedBy(data).has(ORDER), JSON.stringify(data)).toBe(mentions(data, ORDER));
    expect(isOrderIdShaped(ORDER)).toBe(true);
    expect(isOrderIdShaped('R-1')).toBe(false);
  });

  it('covers every stream the story reads as shared, and none it reads whole', () => {
    const opened = linksOf('ReservationOpened', { eventShortName: 'gala', tickets: [{ ticketId: TICKET }], ownerUserId: 'U1', purchaseContext: { subscriptionId: 'P1' } });
    const links = [...opened, ...linksOf('ReservationFinalized', { organizerSlug: 'acme' }), ...linksOf('SubscriptionApplied', { subscriptionId: 'P2' }), ...linksOf('PaymentStarted', { attemptId: 'T1' })];
    expect(links.map((l) => [l.streamId, l.belonging, isSharedStream(l.streamId)])).toEqual([
      ['inventory-gala', 'mentions', true],
      [`ticket-${TICKET}`, 'all', false],
      ['user-U1', 'mentions', true],
      ['subscription-P1', 'mentions', true],
      ['invoice-sequence-acme', 'mentions', true],
      ['subscription-P2', 'mentions', true],
      ['payment-T1', 'all', false],
    ]);
  });
});
