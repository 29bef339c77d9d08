import type { RecordedEvent } from '@ticketing/event-store';
import type { Projection, ProjectionTx } from '@ticketing/projections';
import { dataOf, json } from '../catalog-event-data.js';

export const PROMO_CODES_TABLE = 'catalog_promo_codes';

/**
 * Promo and access codes per event, looked up by the exact text the buyer typed (case-sensitive, as
 * alf.io). Validity stays wall-clock time, read in the event's zone at query time.
 */
async function apply(event: RecordedEvent, tx: ProjectionTx): Promise<void> {
  const table = tx.table(PROMO_CODES_TABLE);
  if (event.type === 'PromoCodeRemoved') {
    const { eventShortName, code } = dataOf(event, 'PromoCodeRemoved');
    await tx.client.query(`update ${table} set removed = true, revision = $3 where short_name = $1 and code = $2 and revision < $3`, [
      eventShortName,
      code,
      event.revision,
    ]);
    return;
  }
  const { eventShortName, promoCode } = dataOf(event, 'PromoCodeAdded');
  await tx.client.query(
    `insert into ${table} as p (short_name, code, type, details, removed, revision)
     values ($1, $2, $3, $4::jsonb, false, $5)
     on conflict (short_name, code) do update
       set type = excluded.type, details = excluded.details, removed = false, revision = excluded.revision
     where p.revision < excluded.revision`,
    [eventShortName, promoCode.code, promoCode.type, json(promoCode), event.revision],
  );
}

export const promoCodesProjection: Projection = {
  name: 'catalog-promo-codes',
  version: 1,
  canHandle: ['PromoCodeAdded', 'PromoCodeChanged', 'PromoCodeRemoved'],
  tables: [
    {
      name: PROMO_CODES_TABLE,
      ddl: (s) => `
        create table ${s.table(PROMO_CODES_TABLE)} (
          short_name text not null,
          code text not null,
          type text not null,
          details jsonb not null,
          removed boolean not null,
          revision integer not null,
          primary key (short_name, code)
        )`,
    },
  ],
  apply,
};
