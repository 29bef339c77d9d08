import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventToAppend } from '@ticketing/event-store';
// Tests only: the catalog's projection harness (fresh database, real event store, a polling runner).
import { projectionHarness, type ProjectionHarness } from '@ticketing/testing/app';
import type { WaitingListEvent } from '@ticketing/sales/domain';
import { toLogAppend } from '../../waiting-list/waiting-list-stream.js';
import { waitingListProjection } from './waiting-list.projection.js';

const A = '0b5e6a8e-1f0a-4a57-9b1e-0d7a7c0e0001';
const B = '0b5e6a8e-1f0a-4a57-9b1e-0d7a7c0e0002';
const R = '0b5e6a8e-1f0a-4a57-9b1e-0d7a7c0e0009';
const metadata = (n: number) => ({ correlationId: `c-${n}`, causationId: `c-${n}`, occurredAt: `2027-03-01T10:0${n}:00.000Z`, actor: 'system:test' });
const joined = (subscriberId: string, n: number, categoryId: number | null = null): EventToAppend =>
  toLogAppend(
    {
      type: 'WaitingListJoined',
      data: {
        subscriberId,
        eventShortName: 'gala',
        categoryId,
        language: 'en',
        reason: 'SOLD_OUT',
        subjectId: `subject-${subscriberId}`,
        contact: { firstName: 'Anna', lastName: 'Rossi', email: `${n}@example.test` },
      },
    } satisfies WaitingListEvent,
    metadata(n),
  );
const offered: EventToAppend = toLogAppend(
  { type: 'WaitingListOffered', data: { subscriberId: A, eventShortName: 'gala', reservationId: R, validUntil: '2027-03-01T14:03:00.000Z' } },
  metadata(3),
);
const history = [joined(A, 1, 2), joined(B, 2), offered];

describe('sales-waiting-list projection', () => {
  let h: ProjectionHarness;
  beforeEach(async () => {
    h = await projectionHarness('waiting_list', [waitingListProjection]);
  });
  afterEach(() => h.close());

  it('keeps every entry in the order it joined, and the seat offered, without personal data', async () => {
    await h.given('waiting-list-gala', history);
    const rows = await h.rows('select * from sales_waiting_list order by joined_revision');
    expect(rows).toEqual([
      {
        subscriber_id: A,
        short_name: 'gala',
        category_id: 2,
        language: 'en',
        reason: 'SOLD_OUT',
        joined_at: new Date('2027-03-01T10:01:00.000Z'),
        joined_revision: 0,
        status: 'OFFERED',
        reservation_id: R,
        offer_valid_until: new Date('2027-03-01T14:03:00.000Z'),
        revision: 2,
      },
      expect.objectContaining({ subscriber_id: B, category_id: null, joined_revision: 1, status: 'WAITING', reservation_id: null, revision: 1 }),
    ]);
    expect(JSON.stringify(rows)).not.toContain('example.test');
    // ... which lives only in the log's personal data
    const [first] = await h.store.readStream('waiting-list-gala');
    expect(first!.data).not.toHaveProperty('contact');
    expect(first!.personal).toMatchObject({ subjectId: `subject-${A}`, data: { email: '1@example.test' } });
  });

  it('changes nothing when the events are delivered again', async () => {
    await h.given('waiting-list-gala', history);
    const before = await h.rows('select * from sales_waiting_list order by subscriber_id');
    await h.replayAllAgain(waitingListProjection);
    expect(await h.rows('select * from sales_waiting_list order by subscriber_id')).toEqual(before);
  });

  it('rebuilds to the rows it has live', async () => {
    await h.given('waiting-list-gala', history);
    await h.runner.rebuild(waitingListProjection.name);
    expect(await h.runner.verify(waitingListProjection.name)).toMatchObject({ ok: true });
  });
});
