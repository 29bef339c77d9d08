import { CatalogQueries } from '@ticketing/catalog/server';
import { NotFoundError, randomIds, RuleViolations, type Clock } from '@ticketing/kernel';
import { confirmOfflinePayment, HoldsSalesFigures, InventoryDesk, PassIssuance, PurchaseOffers, ReservationLog } from '@ticketing/sales/server';
import { EventLogSubscriptionPasses } from '@ticketing/subscriptions/server';
import { UsageError, type CliContext, type ExitCode } from '../cli-context.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * How the organizer API issues a pass when its order is paid (PassIssuance), built on the CLI's pool and log: the
 * descriptor's terms from the catalog's read tables (kept by the running API), a fresh PIN per attempt.
 */
function passIssuance(context: CliContext, clock: Clock): PassIssuance {
  const catalog = new CatalogQueries(context.db, clock, new HoldsSalesFigures(context.db));
  return new PassIssuance(new PurchaseOffers(catalog), new EventLogSubscriptionPasses({ store: context.store, clock, ids: randomIds }));
}

/**
 * `reservations confirm-payment <reservationId>`: the operator records that a bank transfer arrived (the
 * organizer API does the same for an organizer's own orders). The order completes, its seats are sold and its
 * tickets (or its pass, with the claim on its PIN) issued in one append; the running API's read models catch up by themselves.
 */
export async function reservationsCommand(args: readonly string[], context: CliContext): Promise<ExitCode> {
  const [action, reservationId] = args;
  if (action !== 'confirm-payment') throw new UsageError(`unknown reservations command: ${action ?? '(none)'}`);
  if (!reservationId || !UUID.test(reservationId)) throw new UsageError('usage: reservations confirm-payment <reservationId>');
  const desk = new InventoryDesk(context.store);
  const clock: Clock = { now: () => new Date() };
  const passes = passIssuance(context, clock);
  try {
    const { outcome, finalizing, pass } = await confirmOfflinePayment(
      { reservations: new ReservationLog(context.store, context.db), desk, clock, ids: randomIds, issuePass: passes.issueFor.bind(passes) },
      reservationId,
      'operator:cli',
    );
    const issued = pass ? `pass ${pass.subscriptionId} issued` : 'tickets issued';
    const resend = pass ? `subscription/${pass.descriptorId}` : 'event/{event}';
    context.out.write(
      outcome !== 'CONFIRMED'
        ? `reservation ${reservationId}: already complete, nothing changed\n`
        : finalizing
          ? `reservation ${reservationId}: payment confirmed, ${issued}; the order waits for its invoice number (FINALIZING), ` +
            `which the running API assigns on its next sweep, then e-mails the buyer\n`
          : `reservation ${reservationId}: payment confirmed, order complete, ${issued}; no e-mail was sent from here: ` +
            `have the buyer's confirmation sent with POST /api/v2/public/${resend}/reservation/${reservationId}/re-send-email\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof NotFoundError) (context.err ?? process.stderr).write(`reservation ${reservationId} not found\n`);
    else if (error instanceof RuleViolations) (context.err ?? process.stderr).write(`reservation ${reservationId} awaits no bank transfer (${error.violations.map((v) => v.code).join(', ')})\n`);
    else throw error;
    return 1;
  }
}
