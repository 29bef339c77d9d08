import { describe, expect, it } from 'vitest';
import { ticketCategory } from '@ticketing/testing/catalog-events';
import { Availability } from './availability.js';
import type { EventSalesFigures } from '@ticketing/sales/contracts';

const figures = (taken: Record<number, number>): EventSalesFigures => ({
  takenByCategory: new Map(Object.entries(taken).map(([id, n]) => [Number(id), n])),
  pendingCategoryIds: new Set([2]),
  codeUsages: new Map(),
  soldByService: new Map(),
});

describe('Availability', () => {
  const early = ticketCategory({ id: 1, capacityId: 10 });
  const regular = ticketCategory({ id: 2, capacityId: 10 });
  const standing = ticketCategory({ id: 3, capacityId: null });
  const hidden = ticketCategory({ id: 4, capacityId: 20, accessRestricted: true });
  const hall = { id: 10, key: 'hall', name: null, size: 100 };
  const lounge = { id: 20, key: 'lounge', name: null, size: 5 };

  it('counts what every category of a shared capacity took', () => {
    const seats = new Availability([early, regular, standing], [hall], null, figures({ 1: 30, 2: 50, 3: 7 }));
    expect(seats.forCategory(early)).toBe(20);
    expect(seats.forCategory(regular)).toBe(20);
    expect(seats.forCategory(standing)).toBe(Infinity);
    expect(seats.isPending(regular)).toBe(true);
    expect(seats.forEvent()).toBeNull(); // an unlimited public category
  });

  it('also holds every category to the event cap, and never goes below zero', () => {
    const seats = new Availability([early, regular, standing], [hall], 90, figures({ 1: 30, 2: 50, 3: 7 }));
    expect(seats.forCategory(standing)).toBe(3);
    expect(seats.forCategory(early)).toBe(3);
    expect(new Availability([early], [hall], 10, figures({ 1: 30 })).forCategory(early)).toBe(0);
  });

  it('sells nothing from a capacity that is gone, and counts only public capacities in the event total', () => {
    expect(new Availability([early], [], null, figures({})).forCategory(early)).toBe(0);
    expect(new Availability([early, regular, hidden], [hall, lounge], null, figures({ 1: 10 })).forEvent()).toBe(90);
  });
});
