import type { RecordedEvent } from '@ticketing/event-store';
import type { Projection, ProjectionTx } from '@ticketing/projections';
import { renderMarkdownMap } from '@ticketing/formatting';
import { dataOf, json } from '../catalog-event-data.js';

export const TICKET_CATEGORIES_TABLE = 'catalog_ticket_categories';
export const CAPACITIES_TABLE = 'catalog_capacities';

/**
 * Ticket categories and the capacities they sell from, per event. Sale windows stay wall-clock times
 * (`timestamp` without zone): they are read in the event's time zone, which the event may change later.
 * Removal keeps the row marked `removed`, so replaying an older "added" after it changes nothing.
 */
async function apply(event: RecordedEvent, tx: ProjectionTx): Promise<void> {
  switch (event.type) {
    case 'TicketCategoryAdded':
    case 'TicketCategoryChanged': {
      const { eventShortName, category } = dataOf(event, 'TicketCategoryAdded');
      await tx.client.query(
        `insert into ${tx.table(TICKET_CATEGORIES_TABLE)} as c
           (short_name, category_id, price, access_restricted, capacity_id, ordinal, details, description_html, removed, revision)
         values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, false, $9)
         on conflict (short_name, category_id) do update
           set price = excluded.price, access_restricted = excluded.access_restricted, capacity_id = excluded.capacity_id,
               ordinal = excluded.ordinal, details = excluded.details, description_html = excluded.description_html,
               removed = false, revision = excluded.revision
         where c.revision < excluded.revision`,
        [
          eventShortName,
          category.id,
          category.price,
          category.accessRestricted,
          category.capacityId,
          category.ordinal,
          json(category),
          json(renderMarkdownMap(category.description)),
          event.revision,
        ],
      );
      return;
    }
    case 'TicketCategoryRemoved': {
      const { eventShortName, categoryId } = dataOf(event, 'TicketCategoryRemoved');
      await markRemoved(tx, TICKET_CATEGORIES_TABLE, 'category_id', eventShortName, categoryId, event.revision);
      return;
    }
    case 'CapacityDefined':
    case 'CapacityChanged': {
      const { eventShortName, capacity } = dataOf(event, 'CapacityDefined');
      await tx.client.query(
        `insert into ${tx.table(CAPACITIES_TABLE)} as c (short_name, capacity_id, key, name, size, removed, revision)
         values ($1, $2, $3, $4, $5, false, $6)
         on conflict (short_name, capacity_id) do update
           set key = excluded.key, name = excluded.name, size = excluded.size, removed = false, revision = excluded.revision
         where c.revision < excluded.revision`,
        [eventShortName, capacity.id, capacity.key, capacity.name, capacity.size, event.revision],
      );
      return;
    }
    case 'CapacityRemoved': {
      const { eventShortName, capacityId } = dataOf(event, 'CapacityRemoved');
      await markRemoved(tx, CAPACITIES_TABLE, 'capacity_id', eventShortName, capacityId, event.revision);
      return;
    }
  }
}

async function markRemoved(tx: ProjectionTx, table: string, idColumn: string, shortName: string, id: number, revision: number): Promise<void> {
  await tx.client.query(
    `update ${tx.table(table)} set removed = true, revision = $3 where short_name = $1 and ${idColumn} = $2 and revision < $3`,
    [shortName, id, revision],
  );
}

export const ticketCategoriesProjection: Projection = {
  name: 'catalog-ticket-categories',
  version: 1,
  canHandle: ['TicketCategoryAdded', 'TicketCategoryChanged', 'TicketCategoryRemoved', 'CapacityDefined', 'CapacityChanged', 'CapacityRemoved'],
  tables: [
    {
      name: TICKET_CATEGORIES_TABLE,
      ddl: (s) => `
        create table ${s.table(TICKET_CATEGORIES_TABLE)} (
          short_name text not null,
          category_id integer not null,
          price integer not null,
          access_restricted boolean not null,
          capacity_id integer,
          ordinal integer not null,
          details jsonb not null,
          description_html jsonb not null,
          removed boolean not null,
          revision integer not null,
          primary key (short_name, category_id)
        )`,
    },
    {
      name: CAPACITIES_TABLE,
      ddl: (s) => `
        create table ${s.table(CAPACITIES_TABLE)} (
          short_name text not null,
          capacity_id integer not null,
          key text not null,
          name text,
          size integer not null,
          removed boolean not null,
          revision integer not null,
          primary key (short_name, capacity_id)
        )`,
    },
  ],
  apply,
};
