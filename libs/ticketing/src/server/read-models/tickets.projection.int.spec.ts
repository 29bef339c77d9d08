import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventToAppend } from '@ticketing/event-store';
// Tests only: the projection harness (fresh database, real event store, a polling runner).
import { projectionHarness, type ProjectionHarness } from '@ticketing/testing/app';
import type { TicketEvent } from '@ticketing/ticketing/domain';
import { ticketToLog } from '../tickets/ticket-stream.js';
import { ticketsProjection } from './tickets.projection.js';

const R = '7e2a3b4c-0000-4000-8000-00000000000a';
const T1 = '7e2a3b4c-0000-4000-8000-000000000001';
const T2 = '7e2a3b4c-0000-4000-8000-000000000002';
const ada = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org', userLanguage: 'en', answers: { company: ['Engines'] } };
const grace = { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.org', userLanguage: 'it', answers: {} };
const log = (event: TicketEvent, n: number): EventToAppend =>
  ticketToLog(event, { correlationId: `c-${n}`, causationId: `c-${n}`, occurredAt: `2027-03-01T10:0${n}:00.000Z`, actor: 'system:test' });
const issued = (ticketId: string, attendee: typeof ada | null, n: number) =>
  log({ type: 'TicketIssued', data: { ticketId, reservationId: R, eventShortName: 'meetup', categoryId: 1, status: 'ACQUIRED', subjectId: `reservation-${R}`, attendee } }, n);

const history1 = [
  issued(T1, ada, 1),
  log({ type: 'TicketAssigned', data: { ticketId: T1, subjectId: `reservation-${R}`, holder: grace, transferred: true } }, 3),
  log({ type: 'TicketSent', data: { ticketId: T1, language: 'it' } }, 4),
  log({ type: 'TicketCheckedIn', data: { ticketId: T1, eventShortName: 'meetup', channel: 'ONLINE' } }, 5),
];
const history2 = [issued(T2, null, 2), log({ type: 'TicketReleased', data: { ticketId: T2, reservationId: R, eventShortName: 'meetup', categoryId: 1 } }, 6)];

describe('ticketing-tickets projection', () => {
  let h: ProjectionHarness;
  beforeEach(async () => {
    h = await projectionHarness('ticketing_tickets', [ticketsProjection]);
  });
  afterEach(() => h.close());

  const rows = () => h.rows('select ticket_id, reservation_id, category_id, status, holder, emails_sent, revision from ticketing_tickets order by issued_position');

  it('keeps each ticket of an order in issue order with its current holder (decrypted), status and sends', async () => {
    await h.given(`ticket-${T1}`, history1);
    await h.given(`ticket-${T2}`, history2);
    expect(await rows()).toEqual([
      { ticket_id: T1, reservation_id: R, category_id: 1, status: 'CHECKED_IN', holder: grace, emails_sent: 1, revision: 3 },
      { ticket_id: T2, reservation_id: R, category_id: 1, status: 'RELEASED', holder: null, emails_sent: 0, revision: 1 },
    ]);
    // the holder is personal data: the log keeps it encrypted, out of the clear data
    const [event] = await h.store.readStream(`ticket-${T1}`);
    expect(JSON.stringify(event!.data)).not.toContain('Lovelace');
  });

  it('changes nothing when the events are delivered again', async () => {
    await h.given(`ticket-${T1}`, history1);
    await h.given(`ticket-${T2}`, history2);
    const before = await rows();
    await h.replayAllAgain(ticketsProjection);
    expect(await rows()).toEqual(before);
  });

  it('rebuilds to the rows it has live', async () => {
    await h.given(`ticket-${T1}`, history1);
    await h.given(`ticket-${T2}`, history2);
    await h.runner.rebuild(ticketsProjection.name);
    expect(await h.runner.verify(ticketsProjection.name)).toMatchObject({ ok: true });
  });

  it('drops the holders of the orders a deleted user owned (UserDeleted), and a rebuild from the erased log agrees', async () => {
    const other = '7e2a3b4c-0000-4000-8000-00000000000b';
    const T3 = '7e2a3b4c-0000-4000-8000-000000000003';
    await h.given(`ticket-${T1}`, history1);
    await h.given(`ticket-${T3}`, [log({ type: 'TicketIssued', data: { ticketId: T3, reservationId: other, eventShortName: 'meetup', categoryId: 1, status: 'ACQUIRED', subjectId: `reservation-${other}`, attendee: ada } }, 7)]);
    await h.store.forgetSubject(`reservation-${R}`);
    await h.given('user-u1', [
      { type: 'UserDeleted', data: { userId: 'u1', reservationIds: [R], erasedSubjects: ['u1', `reservation-${R}`] }, metadata: { correlationId: 'c-8', causationId: 'c-8', occurredAt: '2027-03-01T10:08:00.000Z', actor: 'user:u1' } },
    ]);
    expect(await h.rows('select ticket_id, holder from ticketing_tickets order by issued_position')).toEqual([
      { ticket_id: T1, holder: null },
      { ticket_id: T3, holder: ada },
    ]);
    await h.runner.rebuild(ticketsProjection.name);
    expect(await h.runner.verify(ticketsProjection.name)).toMatchObject({ ok: true });
  });
});
