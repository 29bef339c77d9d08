import type { RecordedEvent } from '@ticketing/event-store';
import type { Projection, ProjectionTx } from '@ticketing/projections';
import type { EventDetails } from '@ticketing/catalog/contracts';
import { renderMarkdownMap } from '@ticketing/formatting';
import { zonedInstant } from '@ticketing/kernel';
import { dataOf, json } from '../catalog-event-data.js';

export const EVENTS_TABLE = 'catalog_events';

/**
 * One row per event: the details as published, plus what reads need precomputed: start and end as
 * instants (to list and filter by time in SQL) and the descriptions rendered to HTML once here rather than
 * on every request. A change of the Markdown rendering must bump `version` so the HTML is rebuilt.
 */
async function apply(event: RecordedEvent, tx: ProjectionTx): Promise<void> {
  const table = tx.table(EVENTS_TABLE);
  switch (event.type) {
    case 'EventPublished':
    case 'EventDetailsChanged':
      return upsertDetails(dataOf(event, 'EventPublished').event, event.revision, tx);
    case 'TotalSeatsCapped': {
      const { eventShortName, seats } = dataOf(event, 'TotalSeatsCapped');
      await tx.client.query(`update ${table} set total_seats = $2, revision = $3 where short_name = $1 and revision < $3`, [eventShortName, seats, event.revision]);
      return;
    }
    case 'TotalSeatsUncapped': {
      const { eventShortName } = dataOf(event, 'TotalSeatsUncapped');
      await tx.client.query(`update ${table} set total_seats = null, revision = $2 where short_name = $1 and revision < $2`, [eventShortName, event.revision]);
      return;
    }
  }
}

async function upsertDetails(details: EventDetails, revision: number, tx: ProjectionTx): Promise<void> {
  await tx.client.query(
    `insert into ${tx.table(EVENTS_TABLE)} as e
       (short_name, organizer_slug, status, start_at, end_at, tags, details, description_html, total_seats, revision)
     values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, null, $9)
     on conflict (short_name) do update
       set organizer_slug = excluded.organizer_slug, status = excluded.status, start_at = excluded.start_at,
           end_at = excluded.end_at, tags = excluded.tags, details = excluded.details,
           description_html = excluded.description_html, revision = excluded.revision
     where e.revision < excluded.revision`,
    [
      details.shortName,
      details.organizerSlug,
      details.status,
      zonedInstant(details.start, details.timeZone),
      zonedInstant(details.end, details.timeZone),
      details.tags,
      json(details),
      json(renderMarkdownMap(details.description)),
      revision,
    ],
  );
}

export const eventsProjection: Projection = {
  name: 'catalog-events',
  version: 1,
  canHandle: ['EventPublished', 'EventDetailsChanged', 'TotalSeatsCapped', 'TotalSeatsUncapped'],
  tables: [
    {
      name: EVENTS_TABLE,
      ddl: (s) => `
        create table ${s.table(EVENTS_TABLE)} (
          short_name text primary key,
          organizer_slug text not null,
          status text not null,
          start_at timestamptz not null,
          end_at timestamptz not null,
          tags text[] not null,
          details jsonb not null,
          description_html jsonb not null,
          total_seats integer,
          revision integer not null
        );
        create index on ${s.table(EVENTS_TABLE)} (status, end_at, start_at);
        create index on ${s.table(EVENTS_TABLE)} using gin (tags)`,
    },
  ],
  apply,
};
