import type { RecordedEvent } from '@ticketing/event-store';
import type { Projection, ProjectionTx } from '@ticketing/projections';
import { dataOf, json } from '../catalog-event-data.js';

export const ORGANIZERS_TABLE = 'catalog_organizers';

/**
 * One row per organizer with its whole current state. Events carry the full organizer, so the row is
 * replaced; `revision` (of the organizer's stream) keeps a replayed older event from winning.
 *
 * `id` is the organizer's integer id (the `organizer` filter of the lists, reference 7 and 40, where alf.io
 * takes its organization's serial key): the global position of its registration. The log gives that position
 * once and forever, so the id is the same after a rebuild, no two organizers share one and none is reused.
 * The registration inserts the row; later events (and a registration delivered again) keep its id.
 */
async function apply(event: RecordedEvent, tx: ProjectionTx): Promise<void> {
  const { organizer } = dataOf(event, event.type as 'OrganizerRegistered' | 'OrganizerUpdated');
  await tx.client.query(
    `insert into ${tx.table(ORGANIZERS_TABLE)} as o (slug, id, name, email, details, revision)
     values ($1, $2, $3, $4, $5::jsonb, $6)
     on conflict (slug) do update
       set name = excluded.name, email = excluded.email, details = excluded.details, revision = excluded.revision
     where o.revision < excluded.revision`,
    [organizer.slug, event.position.toString(), organizer.name, organizer.email, json(organizer), event.revision],
  );
}

export const organizersProjection: Projection = {
  name: 'catalog-organizers',
  version: 2,
  canHandle: ['OrganizerRegistered', 'OrganizerUpdated'],
  tables: [
    {
      name: ORGANIZERS_TABLE,
      ddl: (s) => `
        create table ${s.table(ORGANIZERS_TABLE)} (
          slug text primary key,
          id bigint not null unique,
          name text not null,
          email text not null,
          details jsonb not null,
          revision integer not null
        )`,
    },
  ],
  apply,
};
