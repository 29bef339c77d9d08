import { describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@ticketing/event-store';
import { ANY_EVENT, type Projection } from './projection.js';
import { assignLanes } from './replay-lanes.js';

const projection = (name: string, canHandle: string[]): Projection => ({ name, version: 1, canHandle, tables: [], apply: async () => undefined });
const sample = (counts: Record<string, number>) =>
  Object.entries(counts).flatMap(([type, n]) => Array.from({ length: n }, () => ({ type }) as unknown as RecordedEvent));
const names = (lanes: Projection[][]) => lanes.map((lane) => lane.map((p) => p.name));

describe('assignLanes', () => {
  const all = projection('all', [ANY_EVENT]); // 100
  const held = projection('held', ['SeatsHeld', 'HoldReleased']); // 60
  const tickets = projection('tickets', ['TicketIssued']); // 30
  const booked = projection('booked', ['Booked']); // 10
  const catalog = projection('catalog', ['EventCreated']); // 0
  const page = sample({ SeatsHeld: 40, HoldReleased: 20, TicketIssued: 30, Booked: 10 });

  it('balances the events the read models handle, the busiest first, and keeps the list order within a lane', () => {
    expect(names(assignLanes([catalog, booked, tickets, held, all], page, 2))).toEqual([
      ['catalog', 'all'], // 100, and the idle one: both lanes at 100, this one with fewer read models
      ['booked', 'tickets', 'held'], // 60 + 30 + 10
    ]);
  });

  it('makes no more lanes than read models, and one lane of all of them when asked for one', () => {
    expect(names(assignLanes([held, tickets], page, 4))).toEqual([['held'], ['tickets']]);
    expect(names(assignLanes([all, held, tickets], page, 1))).toEqual([['all', 'held', 'tickets']]);
  });

  it('sends read models with nothing in the sample round the lanes', () => {
    const idle = ['a', 'b', 'c', 'd'].map((n) => projection(n, ['Nothing']));
    expect(names(assignLanes(idle, page, 2))).toEqual([
      ['a', 'c'],
      ['b', 'd'],
    ]);
  });
});
