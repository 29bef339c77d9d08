import { loadSecret } from '@ticketing/application';
import { CatalogQueries } from '@ticketing/catalog/server';
import { DomainError, NotFoundError, randomIds, type Clock } from '@ticketing/kernel';
import { HoldsSalesFigures } from '@ticketing/sales/server';
import { ticketErrors } from '@ticketing/ticketing/domain';
import { checkInAtDoor, doorCheckInErrors } from '@ticketing/ticketing/server';
import { UsageError, type CliContext, type ExitCode } from '../cli-context.js';

/** Why a scan was refused, in the door staff's words (by the refusal's stable code). */
const reasons: Record<string, string> = {
  [doorCheckInErrors.invalidCode]: "not the code of the ticket's current holder (forged, mistyped, or the ticket was handed on since it was printed)",
  [doorCheckInErrors.notFound]: 'no ticket of this event has this code (unknown, of another event, or released)',
  [ticketErrors.toBePaid]: 'its price is owed: take the payment at the desk first',
  [ticketErrors.notAssigned]: 'the ticket names no holder yet',
};

/**
 * `tickets check-in <event> <code>`: the door of an in-person event without the organizer API: the scanned QR code's
 * ticket is checked in, by the same rules and code as POST /api/v2/organizer/events/{shortName}/check-in (any
 * organizer's event: the operator's tool), and its poll PIN printed for the badge. The running API's read models
 * catch up by themselves (the PIN opens the polls once they have).
 */
export async function ticketsCommand(args: readonly string[], context: CliContext): Promise<ExitCode> {
  const [action, eventShortName, code, ...rest] = args;
  if (action !== 'check-in') throw new UsageError(`unknown tickets command: ${action ?? '(none)'}`);
  if (!eventShortName || !code || rest.length > 0) throw new UsageError('usage: tickets check-in <event> <code>');
  const clock: Clock = { now: () => new Date() };
  const catalog = new CatalogQueries(context.db, clock, new HoldsSalesFigures(context.db));
  // the API's secret: TICKET_CODE_SECRET, else the one it keeps in the database
  const ticketCodeSecret = () => loadSecret(context.db, 'ticket-codes', context.ticketCodeSecret ?? null);
  try {
    const { result, ticket } = await checkInAtDoor({ store: context.store, catalog, clock, ids: randomIds, ticketCodeSecret }, { eventShortName, code, organizerSlug: null, actor: 'operator:cli' });
    const who = `${ticket.fullName} (${ticket.categoryName})`;
    context.out.write(
      result === 'CHECKED_IN'
        ? `ticket ${ticket.uuid} checked in: ${who}\npoll PIN: ${ticket.pollPin}\n`
        : `ticket ${ticket.uuid} already checked in at ${ticket.checkedInAt}, nothing changed: ${who}\npoll PIN: ${ticket.pollPin}\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof NotFoundError) (context.err ?? process.stderr).write(`event ${eventShortName} not found\n`);
    else if (error instanceof DomainError) (context.err ?? process.stderr).write(`refused (${error.code}): ${reasons[error.code] ?? error.message}\n`);
    else throw error;
    return 1;
  }
}
