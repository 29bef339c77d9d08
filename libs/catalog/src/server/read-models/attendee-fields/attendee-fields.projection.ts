import type { RecordedEvent } from '@ticketing/event-store';
import type { Projection, ProjectionTx } from '@ticketing/projections';
import { dataOf, json } from '../catalog-event-data.js';

export const ATTENDEE_FIELDS_TABLE = 'catalog_attendee_fields';

/**
 * The questions of each event's booking form, by name. A removed field is marked, not deleted, as categories
 * and services are: a delivery of an older event must not bring back a newer removal (the revision guards it).
 */
async function apply(event: RecordedEvent, tx: ProjectionTx): Promise<void> {
  const table = tx.table(ATTENDEE_FIELDS_TABLE);
  if (event.type === 'AttendeeFieldRemoved') {
    const { eventShortName, name } = dataOf(event, 'AttendeeFieldRemoved');
    await tx.client.query(`update ${table} set removed = true, revision = $3 where short_name = $1 and name = $2 and revision < $3`, [eventShortName, name, event.revision]);
    return;
  }
  const { eventShortName, field } = dataOf(event, 'AttendeeFieldAdded');
  await tx.client.query(
    `insert into ${table} as f (short_name, name, ordinal, details, removed, revision)
     values ($1, $2, $3, $4::jsonb, false, $5)
     on conflict (short_name, name) do update
       set ordinal = excluded.ordinal, details = excluded.details, removed = false, revision = excluded.revision
     where f.revision < excluded.revision`,
    [eventShortName, field.name, field.ordinal, json(field), event.revision],
  );
}

export const attendeeFieldsProjection: Projection = {
  name: 'catalog-attendee-fields',
  version: 1,
  canHandle: ['AttendeeFieldAdded', 'AttendeeFieldChanged', 'AttendeeFieldRemoved'],
  tables: [
    {
      name: ATTENDEE_FIELDS_TABLE,
      ddl: (s) => `
        create table ${s.table(ATTENDEE_FIELDS_TABLE)} (
          short_name text not null,
          name text not null,
          ordinal integer not null,
          details jsonb not null,
          removed boolean not null,
          revision integer not null,
          primary key (short_name, name)
        )`,
    },
  ],
  apply,
};
