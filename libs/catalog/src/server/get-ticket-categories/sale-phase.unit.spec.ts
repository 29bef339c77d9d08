import { describe, expect, it } from 'vitest';
import { additionalService, eventDetails, organizer, promoCode, ticketCategory } from '@ticketing/testing/catalog-events';
import type { EventSnapshot } from '../shared/event-records.js';
import type { EventSalesFigures } from '@ticketing/sales/contracts';
import { itemsByCategory } from './get-ticket-categories.query.js';
import { changeInstants, phaseOf } from './sale-phase.js';

const details = eventDetails({ start: '2030-06-01T20:00:00', end: '2030-06-01T23:00:00', timeZone: 'Europe/Zurich' });
const snapshot: EventSnapshot = {
  record: {
    details,
    descriptionHtml: {},
    totalSeats: null,
    organizer: organizer(),
    hasRestrictedCategories: true,
    hasPromoCodes: true,
    hasPaidCategories: true,
    linkedToSubscription: false,
  },
  offer: {
    categories: [
      { category: ticketCategory({ id: 1, sale: { start: '2030-01-01T10:00:00', end: '2030-03-01T10:00:00' } }), descriptionHtml: {} },
      { category: ticketCategory({ id: 2, key: 'late', ordinal: 2, sale: { start: '2030-03-01T10:00:00', end: null } }), descriptionHtml: {} },
      { category: ticketCategory({ id: 3, key: 'crew', accessRestricted: true, sale: { start: null, end: '2030-05-01T00:00:00' } }), descriptionHtml: {} },
    ],
    capacities: [],
    services: [{ service: additionalService({ sale: { start: '2030-02-01T00:00:00', end: '2030-04-01T00:00:00' } }), descriptionHtml: {} }],
  },
  attendeeFields: [],
  promoCodes: new Map([
    ['SAVE10', promoCode({ validFrom: '2030-01-15T00:00:00', validTo: '2030-02-15T00:00:00' })],
    ['CREW', promoCode({ code: 'CREW', type: 'ACCESS', categoryIds: [3], validTo: '2030-04-15T12:00:00' })],
  ]),
};
const figures: EventSalesFigures = { takenByCategory: new Map(), pendingCategoryIds: new Set(), codeUsages: new Map(), soldByService: new Map() };

describe('sale phases', () => {
  const instants = changeInstants(snapshot);
  // every instant, a millisecond either side, and moments far before and after all of them
  const moments = [instants[0]! - 86_400_000, ...instants.flatMap((t) => [t - 1, t, t + 1]), instants.at(-1)! + 86_400_000];

  it('orders the distinct instants of every sale window and code validity', () => {
    // categories: 2 + 2 (shared 2030-03-01) + 1 and the event end; service 2; codes 2 + 1
    expect(instants).toEqual([...instants].sort((a, b) => a - b));
    expect(new Set(instants).size).toBe(instants.length);
    expect(instants).toHaveLength(9);
  });

  it('tells apart before, at and after each instant', () => {
    const t = instants[3]!;
    expect(new Set([phaseOf(instants, new Date(t - 1)), phaseOf(instants, new Date(t)), phaseOf(instants, new Date(t + 1))]).size).toBe(3);
    expect(phaseOf(instants, new Date(t + 1))).toBe(phaseOf(instants, new Date((t + instants[4]!) / 2)));
  });

  it.each([null, 'SAVE10', 'CREW'])('gives one answer per phase (code %s), and more than one answer over time', (code) => {
    const answers = new Map<string, Set<string>>();
    for (const at of moments) {
      const phase = phaseOf(instants, new Date(at));
      if (!answers.has(phase)) answers.set(phase, new Set());
      answers.get(phase)!.add(JSON.stringify(itemsByCategory(snapshot, figures, code, new Date(at))));
    }
    expect([...answers.values()].every((a) => a.size === 1)).toBe(true);
    expect(new Set([...answers.values()].map((a) => [...a][0])).size).toBeGreaterThan(1);
  });
});
