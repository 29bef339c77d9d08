import type { RecordedEvent } from '@ticketing/event-store';
import type { Projection, ProjectionTx } from '@ticketing/projections';
import { renderMarkdownMap } from '@ticketing/formatting';
import { dataOf, json } from '../catalog-event-data.js';

export const ADDITIONAL_SERVICES_TABLE = 'catalog_additional_services';

/** Supplements and donations per event; removal marks the row, as for categories. */
async function apply(event: RecordedEvent, tx: ProjectionTx): Promise<void> {
  const table = tx.table(ADDITIONAL_SERVICES_TABLE);
  if (event.type === 'AdditionalServiceRemoved') {
    const { eventShortName, serviceId } = dataOf(event, 'AdditionalServiceRemoved');
    await tx.client.query(`update ${table} set removed = true, revision = $3 where short_name = $1 and service_id = $2 and revision < $3`, [
      eventShortName,
      serviceId,
      event.revision,
    ]);
    return;
  }
  const { eventShortName, service } = dataOf(event, 'AdditionalServiceAdded');
  await tx.client.query(
    `insert into ${table} as s (short_name, service_id, ordinal, details, description_html, removed, revision)
     values ($1, $2, $3, $4::jsonb, $5::jsonb, false, $6)
     on conflict (short_name, service_id) do update
       set ordinal = excluded.ordinal, details = excluded.details, description_html = excluded.description_html,
           removed = false, revision = excluded.revision
     where s.revision < excluded.revision`,
    [eventShortName, service.id, service.ordinal, json(service), json(renderMarkdownMap(service.description)), event.revision],
  );
}

export const additionalServicesProjection: Projection = {
  name: 'catalog-additional-services',
  version: 1,
  canHandle: ['AdditionalServiceAdded', 'AdditionalServiceChanged', 'AdditionalServiceRemoved'],
  tables: [
    {
      name: ADDITIONAL_SERVICES_TABLE,
      ddl: (s) => `
        create table ${s.table(ADDITIONAL_SERVICES_TABLE)} (
          short_name text not null,
          service_id integer not null,
          ordinal integer not null,
          details jsonb not null,
          description_html jsonb not null,
          removed boolean not null,
          revision integer not null,
          primary key (short_name, service_id)
        )`,
    },
  ],
  apply,
};
