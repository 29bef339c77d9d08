import { NotFoundError, randomIds, RuleViolations } from '@ticketing/kernel';
import { confirmOfflinePayment, InventoryDesk } from '@ticketing/sales/server';
import { UsageError, type CliContext, type ExitCode } from '../cli-context.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `reservations confirm-payment <reservationId>`: the operator records that a bank transfer arrived (the
 * organizer API does the same for an organizer's own orders). The order completes, its seats are sold and its
 * tickets issued in one append; the running API's read models catch up by themselves.
 */
export async function reservationsCommand(args: readonly string[], context: CliContext): Promise<ExitCode> {
  const [action, reservationId] = args;
  if (action !== 'confirm-payment') throw new UsageError(`unknown reservations command: ${action ?? '(none)'}`);
  if (!reservationId || !UUID.test(reservationId)) throw new UsageError('usage: reservations confirm-payment <reservationId>');
  const desk = new InventoryDesk(context.store);
  try {
    const { outcome, finalizing } = await confirmOfflinePayment({ store: context.store, desk, clock: { now: () => new Date() }, ids: randomIds }, reservationId, 'operator:cli');
    context.out.write(
      outcome !== 'CONFIRMED'
        ? `reservation ${reservationId}: already complete, nothing changed\n`
        : finalizing
          ? `reservation ${reservationId}: payment confirmed, tickets issued; the order waits for its invoice number (FINALIZING), ` +
            `which the running API assigns on its next sweep, then e-mails the buyer\n`
          : `reservation ${reservationId}: payment confirmed, order complete, tickets issued; no e-mail was sent from here: ` +
            `have the buyer's confirmation sent with POST /api/v2/public/event/{event}/reservation/${reservationId}/re-send-email\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof NotFoundError) context.out.write(`reservation ${reservationId} not found\n`);
    else if (error instanceof RuleViolations) context.out.write(`reservation ${reservationId} awaits no bank transfer (${error.violations.map((v) => v.code).join(', ')})\n`);
    else throw error;
    return 1;
  }
}
