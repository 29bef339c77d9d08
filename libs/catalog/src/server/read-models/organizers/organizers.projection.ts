import type { RecordedEvent } from '@ticketing/event-store';
import type { Projection, ProjectionTx } from '@ticketing/projections';
import { dataOf, json } from '../catalog-event-data.js';

export const ORGANIZERS_TABLE = 'catalog_organizers';

/**
 * One row per organizer with its whole current state. Events carry the full organizer, so the row is
 * replaced; `revision` (of the organizer's stream) keeps a replayed older event from winning.
 */
async function apply(event: RecordedEvent, tx: ProjectionTx): Promise<void> {
  const { organizer } = dataOf(event, event.type as 'OrganizerRegistered' | 'OrganizerUpdated');
  await tx.client.query(
    `insert into ${tx.table(ORGANIZERS_TABLE)} as o (slug, name, email, details, revision)
     values ($1, $2, $3, $4::jsonb, $5)
     on conflict (slug) do update
       set name = excluded.name, email = excluded.email, details = excluded.details, revision = excluded.revision
     where o.revision < excluded.revision`,
    [organizer.slug, organizer.name, organizer.email, json(organizer), event.revision],
  );
}

export const organizersProjection: Projection = {
  name: 'catalog-organizers',
  version: 1,
  canHandle: ['OrganizerRegistered', 'OrganizerUpdated'],
  tables: [
    {
      name: ORGANIZERS_TABLE,
      ddl: (s) => `
        create table ${s.table(ORGANIZERS_TABLE)} (
          slug text primary key,
          name text not null,
          email text not null,
          details jsonb not null,
          revision integer not null
        )`,
    },
  ],
  apply,
};
