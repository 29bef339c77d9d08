import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventStore, eventStoreMigrations, type EventStore } from '@ticketing/event-store';
import { migrate } from '@ticketing/postgres';
import { createTestDatabase, type TestDatabase } from '@ticketing/postgres/testing';
import { ProjectionRunner, projectionMigrations, type ProjectionLogger } from '@ticketing/projections';
import { allProjections } from '@ticketing/application/projections';
import { catalogEvent, eventDetails, organizer, poll } from '@ticketing/testing/catalog-events';
import { runCli } from '../run-cli.js';

const silent: ProjectionLogger = { log: () => undefined, warn: () => undefined, error: () => undefined };
const metadata = { correlationId: 'c', causationId: 'c', occurredAt: '2027-03-01T10:00:00.000Z', actor: 'session:abc' };
const answered = (ticketId: string, optionId: number) => ({ type: 'PollAnswered', data: { eventShortName: 'meetup', pollId: 1, optionId, ticketId }, metadata });

describe('tools polls results', () => {
  let test: TestDatabase;
  let store: EventStore;
  const run = async (...argv: string[]) => {
    let text = '';
    let errors = '';
    const code = await runCli(argv, { db: test.db, store, projections: allProjections, out: { write: (t) => void (text += t) }, err: { write: (t) => void (errors += t) }, logger: silent });
    return { code, text, errors };
  };

  beforeAll(async () => {
    test = await createTestDatabase('cli-polls');
    await migrate(test.db, [...eventStoreMigrations, ...projectionMigrations]);
    store = createEventStore({ db: test.db });
    await store.append('organizer-acme', [catalogEvent({ type: 'OrganizerRegistered', data: { organizer: organizer() } })]);
    await store.append('event-meetup', [
      catalogEvent({ type: 'EventPublished', data: { event: eventDetails({ shortName: 'meetup' }) } }),
      catalogEvent({ type: 'PollAdded', data: { eventShortName: 'meetup', poll: poll() } }),
    ]);
    // three tickets answer; the first changes its mind
    await store.append('poll-meetup-1', [
      answered('1c0ffee0-0000-4000-8000-000000000001', 1),
      answered('2b0b0b00-0000-4000-8000-000000000002', 1),
      answered('3ca71000-0000-4000-8000-000000000003', 2),
      answered('1c0ffee0-0000-4000-8000-000000000001', 2),
    ]);
    // the read models as the running API keeps them
    const runner = new ProjectionRunner({ db: test.db, store, projections: allProjections, wakeUps: 'polling', logger: silent });
    await runner.catchUp();
  });
  afterAll(async () => {
    await store?.close();
    await test?.drop();
  });

  it('prints the votes per option, a ticket counted once with its latest answer', async () => {
    const { code, text } = await run('polls', 'results', 'meetup', '1');
    expect(code).toBe(0);
    expect(text).toBe(['poll 1 of meetup (OPEN): Next talk?', 'id  option  votes', ' 1  Rust        1', ' 2  Go          2', '3 answers', ''].join('\n'));
  });

  it('says so for an unknown event or poll (exit 1) and a wrong command line (exit 2)', async () => {
    expect(await run('polls', 'results', 'nowhere', '1')).toEqual({ code: 1, text: '', errors: 'event nowhere not found\n' });
    expect(await run('polls', 'results', 'meetup', '9')).toEqual({ code: 1, text: '', errors: 'event meetup has no poll 9\n' });
    expect((await run('polls', 'results', 'meetup', 'x')).code).toBe(2);
    expect((await run('polls', 'tally', 'meetup', '1')).code).toBe(2);
  });
});
