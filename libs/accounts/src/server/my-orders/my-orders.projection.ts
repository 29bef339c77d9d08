import { SUBJECT_FORGOTTEN, type RecordedEvent, type SubjectForgottenData } from '@ticketing/event-store';
import { arrayLiteral } from '@ticketing/postgres';
import type { Projection, ProjectionTx } from '@ticketing/projections';
import type { UserDeleted } from '@ticketing/accounts/domain';
import { issuing, repricing, statusAfter, type OpenedData, type OrderPrice, type RecordedBooking } from './my-orders.events.js';

export const ORDERS_TABLE = 'accounts_orders';

const vatOf = (price: OrderPrice) => price.vatSubtotals[0]?.vatRule ?? { mode: 'NONE' as const, percentage: 0 };

/** The names the order list shows (buyer, attendees, pass owner): nothing else of the booking. */
function namesOf(booking: RecordedBooking | null): Record<string, unknown> | null {
  if (!booking) return null;
  const name = (p: { firstName: string; lastName: string } | null | undefined) => (p ? { firstName: p.firstName, lastName: p.lastName } : null);
  return {
    contact: name(booking.contact),
    attendees: Object.fromEntries(Object.entries(booking.attendees ?? {}).map(([ticketId, a]) => [ticketId, name(a)])),
    subscriptionOwner: name(booking.subscriptionOwner) ?? name(booking.contact),
  };
}

/**
 * A reservation's opening as the log has it: its stream's first event, ReservationOpened, or before that the hold
 * that opened it (an inventory's SeatsHeld with its `opening`; the stream records the same opening later, and the
 * row keeps the hold's time). Null for any other event.
 */
function openingOf(recorded: RecordedEvent): OpenedData | null {
  if (recorded.type === 'ReservationOpened') return recorded.data as unknown as OpenedData;
  return recorded.type === 'SeatsHeld' ? (((recorded.data as { opening?: OpenedData }).opening ?? null) as OpenedData | null) : null;
}

/**
 * "My orders" (reference 3.6 item 48): one row per reservation made while signed in, keyed by its owner, with what
 * the list shows (purchase context, status, dates, total, items and their names) and the subjects its personal data
 * is kept under (what deleting the owner's profile erases). Names are decrypted from the log: null once erased, and
 * cleared at once by the owner's `UserDeleted` or a forgotten subject's `SubjectForgotten`. Reservations of anonymous buyers are not kept.
 */
async function apply(recorded: RecordedEvent, tx: ProjectionTx): Promise<void> {
  const orders = tx.table(ORDERS_TABLE);
  const data = recorded.data;
  const at = recorded.metadata.occurredAt;
  const opened = openingOf(recorded);
  if (opened) {
    if (!opened.ownerUserId) return;
    const pass = opened.purchaseContext?.type === 'subscription' ? opened.purchaseContext : null;
    const vat = vatOf(opened.price);
    await tx.client.query(
      `insert into ${orders} (reservation_id, owner_user_id, context_type, public_identifier, status, created_at, valid_until, final_price, currency,
         vat_mode, vat_percent, items, subjects, revision)
       values ($1, $2, $3, $4, 'PENDING', $5, $6, $7, $8, $9, $10, $11::jsonb, '{}', $12)
       on conflict (reservation_id) do update set revision = excluded.revision where ${orders}.revision < excluded.revision`,
      [
        opened.reservationId,
        opened.ownerUserId,
        pass ? 'subscription' : 'event',
        pass ? pass.descriptorId : opened.eventShortName,
        at,
        opened.validUntil,
        opened.price.totals.priceWithVat,
        opened.price.currency,
        vat.mode,
        vat.percentage,
        JSON.stringify(pass ? [{ id: pass.subscriptionId, categoryId: null }] : opened.tickets.map((t) => ({ id: t.ticketId, categoryId: t.categoryId }))),
        recorded.type === 'ReservationOpened' ? recorded.revision : -1,
      ],
    );
    return;
  }
  if (recorded.type === 'SeatsHeld') return;
  if (recorded.type === 'BookingDetailsRecorded') {
    const booking = (recorded.personal?.data as { booking?: RecordedBooking } | null)?.booking ?? null;
    await tx.client.query(
      `update ${orders} set names = $2::jsonb, subjects = case when $3 = any(subjects) then subjects else subjects || $3::text end, revision = $4
       where reservation_id = $1 and revision < $4`,
      [data.reservationId, JSON.stringify(namesOf(booking)), data.subjectId, recorded.revision],
    );
    return;
  }
  if (recorded.type in statusAfter) {
    const status = statusAfter[recorded.type]!(data);
    const validUntil = (data.validUntil ?? data.paymentDeadline ?? null) as string | null;
    await tx.client.query(
      `update ${orders} set status = $2, valid_until = coalesce($3, valid_until), invoice_number = coalesce($4, invoice_number),
         confirmed_at = case when $5 then $6::timestamptz else confirmed_at end, revision = $7
       where reservation_id = $1 and revision < $7`,
      [data.reservationId, status, validUntil, (data.invoiceNumber as string | undefined) ?? null, recorded.type === 'ReservationConfirmed', at, recorded.revision],
    );
    return;
  }
  if ((repricing as readonly string[]).includes(recorded.type)) {
    const price = data.price as OrderPrice;
    const vat = vatOf(price);
    await tx.client.query(`update ${orders} set final_price = $2, vat_mode = $3, vat_percent = $4, revision = $5 where reservation_id = $1 and revision < $5`, [
      data.reservationId,
      price.totals.priceWithVat,
      vat.mode,
      vat.percentage,
      recorded.revision,
    ]);
    return;
  }
  if ((issuing as readonly string[]).includes(recorded.type)) {
    // another stream's event: no revision of the order's to compare, and adding a subject twice changes nothing
    await tx.client.query(`update ${orders} set subjects = subjects || $2::text where reservation_id = $1 and not ($2 = any(subjects))`, [data.reservationId, data.subjectId]);
    return;
  }
  if (recorded.type === 'UserDeleted') {
    await tx.client.query(`update ${orders} set names = null where owner_user_id = $1`, [(data as UserDeleted['data']).userId]);
    return;
  }
  if (recorded.type === SUBJECT_FORGOTTEN) {
    // `audit forget-subject`: the names an order keeps under that subject read as erased in the log now
    await tx.client.query(`update ${orders} set names = null where $1 = any(subjects) and names is not null`, [(data as unknown as SubjectForgottenData).subjectId]);
  }
}

/**
 * `apply` for the events of a batch that can change a row: most reservations are made without signing in and
 * have no row, so their events are found in one statement (the rows there, the orders opened signed in within
 * the batch) and skipped, instead of an update each that finds nothing.
 */
async function applyBatch(events: readonly RecordedEvent[], tx: ProjectionTx): Promise<void> {
  const idOf = (event: RecordedEvent) => String((event.data as { reservationId?: unknown }).reservationId ?? '').toLowerCase();
  // a hold is an order's only when it opened one (a rush of anonymous buyers: none is looked up)
  const erasing = (event: RecordedEvent) => event.type === 'UserDeleted' || event.type === SUBJECT_FORGOTTEN;
  const named = [...new Set(events.filter((e) => !erasing(e) && (e.type !== 'SeatsHeld' || openingOf(e)?.ownerUserId)).map(idOf).filter((id) => id !== ''))];
  const { rows } = named.length === 0 ? { rows: [] } : await tx.client.query<{ id: string }>(`select reservation_id::text as id from ${tx.table(ORDERS_TABLE)} where reservation_id = any($1::uuid[])`, [arrayLiteral(named)]);
  const kept = new Set(rows.map((r) => r.id));
  for (const event of events) {
    if (openingOf(event)?.ownerUserId) kept.add(idOf(event));
    if (erasing(event) || kept.has(idOf(event))) await apply(event, tx);
  }
}

export const myOrdersProjection: Projection = {
  name: 'accounts-orders',
  version: 1,
  canHandle: [
    'ReservationOpened',
    'SeatsHeld',
    'BookingDetailsRecorded',
    ...Object.keys(statusAfter),
    ...repricing,
    ...issuing,
    'UserDeleted',
    SUBJECT_FORGOTTEN,
  ],
  tables: [
    {
      name: ORDERS_TABLE,
      ddl: (s) => `
        create table ${s.table(ORDERS_TABLE)} (
          reservation_id uuid primary key,
          owner_user_id uuid not null,
          context_type text not null,
          public_identifier text not null,
          status text not null,
          created_at timestamptz not null,
          confirmed_at timestamptz,
          valid_until timestamptz not null,
          final_price bigint not null,
          currency text not null,
          vat_mode text not null,
          vat_percent numeric not null,
          invoice_number text,
          items jsonb not null,
          names jsonb,
          subjects text[] not null,
          revision integer not null
        );
        create index on ${s.table(ORDERS_TABLE)} (owner_user_id, created_at)`,
    },
  ],
  apply,
  applyBatch,
};
