import type { RecordedEvent } from '@ticketing/event-store';
import type { Projection, ProjectionTx } from '@ticketing/projections';
import { renderMarkdownMap } from '@ticketing/formatting';
import { zonedInstant } from '@ticketing/kernel';
import { dataOf, json } from '../catalog-event-data.js';

export const SUBSCRIPTION_DESCRIPTORS_TABLE = 'catalog_subscription_descriptors';
export const SUBSCRIPTION_EVENTS_TABLE = 'catalog_subscription_events';

/**
 * Subscription descriptors, with their sale window as instants (a descriptor carries its own zone) for
 * the "on sale now" filter, and the events each can be used for in a table of its own, so the events
 * list can filter by subscription with a join.
 */
async function apply(event: RecordedEvent, tx: ProjectionTx): Promise<void> {
  const { descriptor } = dataOf(event, event.type as 'SubscriptionDescriptorPublished');
  const at = (local: string | null) => (local ? zonedInstant(local, descriptor.timeZone) : null);
  const written = await tx.client.query(
    `insert into ${tx.table(SUBSCRIPTION_DESCRIPTORS_TABLE)} as d
       (id, organizer_slug, is_public, sale_start_at, sale_end_at, details, description_html, revision)
     values ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8)
     on conflict (id) do update
       set organizer_slug = excluded.organizer_slug, is_public = excluded.is_public, sale_start_at = excluded.sale_start_at,
           sale_end_at = excluded.sale_end_at, details = excluded.details, description_html = excluded.description_html,
           revision = excluded.revision
     where d.revision < excluded.revision`,
    [
      descriptor.id,
      descriptor.organizerSlug,
      descriptor.isPublic,
      at(descriptor.sale.start),
      at(descriptor.sale.end),
      json(descriptor),
      json(renderMarkdownMap(descriptor.description)),
      event.revision,
    ],
  );
  if (written.rowCount === 0) return; // an older event replayed: the newer list stays
  const links = tx.table(SUBSCRIPTION_EVENTS_TABLE);
  await tx.client.query(`delete from ${links} where descriptor_id = $1`, [descriptor.id]);
  await tx.client.query(
    `insert into ${links} (descriptor_id, event_short_name) select $1, unnest($2::text[]) on conflict do nothing`,
    [descriptor.id, descriptor.compatibleEventShortNames],
  );
}

export const subscriptionDescriptorsProjection: Projection = {
  name: 'catalog-subscription-descriptors',
  version: 1,
  canHandle: ['SubscriptionDescriptorPublished', 'SubscriptionDescriptorChanged'],
  tables: [
    {
      name: SUBSCRIPTION_DESCRIPTORS_TABLE,
      ddl: (s) => `
        create table ${s.table(SUBSCRIPTION_DESCRIPTORS_TABLE)} (
          id uuid primary key,
          organizer_slug text not null,
          is_public boolean not null,
          sale_start_at timestamptz,
          sale_end_at timestamptz,
          details jsonb not null,
          description_html jsonb not null,
          revision integer not null
        )`,
    },
    {
      name: SUBSCRIPTION_EVENTS_TABLE,
      ddl: (s) => `
        create table ${s.table(SUBSCRIPTION_EVENTS_TABLE)} (
          descriptor_id uuid not null,
          event_short_name text not null,
          primary key (descriptor_id, event_short_name)
        );
        create index on ${s.table(SUBSCRIPTION_EVENTS_TABLE)} (event_short_name)`,
    },
  ],
  apply,
};
