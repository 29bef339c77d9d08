import { createHash, timingSafeEqual } from 'node:crypto';
import type { CatalogOffers, PurchaseOffer } from '@ticketing/catalog/contracts';
import { handleCommand, type EventStore, type GlobalPosition } from '@ticketing/event-store';
import { DomainError, NotFoundError, provenance, type Clock, type IdGenerator } from '@ticketing/kernel';
import { pollPinOf, ticketStreamId } from '@ticketing/ticketing/contracts';
import { decideCheckIn, isIssued, type Ticket } from '@ticketing/ticketing/domain';
import { ticketCode } from '../tickets/ticket-code.js';
import { loadTicket, ticketToLog } from '../tickets/ticket-stream.js';

/** The refusals of a scan that decideCheckIn does not make (its own, such as error.ticket.to-be-paid, pass through). */
export const doorCheckInErrors = {
  /** Not the code of the ticket's current holder: a forged or mistyped one, or the old code of a ticket handed on. */
  invalidCode: 'invalid_code',
  /** No live ticket of this event has that uuid (unknown, another event's, or released). */
  notFound: 'not_found',
} as const;

export type DoorCheckInResult = 'CHECKED_IN' | 'ALREADY_CHECKED_IN';

/** What the door staff's screen (and the badge desk) shows of a scanned ticket. */
export interface DoorCheckIn {
  readonly result: DoorCheckInResult;
  readonly ticket: {
    readonly uuid: string;
    readonly categoryName: string;
    readonly fullName: string;
    /** When it entered first (ISO 8601). */
    readonly checkedInAt: string;
    /** The attendee's PIN for the event's polls (reference 49-51), to print on the badge. */
    readonly pollPin: string;
  };
}

export interface DoorCheckInDeps {
  readonly store: EventStore;
  readonly catalog: Pick<CatalogOffers, 'purchaseOffer'>;
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly ticketCodeSecret: () => Promise<Buffer>;
  /** After the append: the API waits until its read models (the polls' checked-in tickets) show it. */
  readonly written?: (position: GlobalPosition) => Promise<void>;
}

export interface ScanAtDoor {
  readonly eventShortName: string;
  /** The text of the ticket's QR code: `<ticket uuid>/<signature>` (ticketCode). */
  readonly code: string;
  /** The organizer whose key scans: another organizer's event is answered as if it did not exist. null: the operator. */
  readonly organizerSlug: string | null;
  readonly actor: string;
  /** The language the door staff read (`it`, `it-CH`): the category's name in it when it has one. */
  readonly lang?: string | null;
}

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
const refuse = (code: string): never => {
  throw new DomainError(code, 'code');
};

/**
 * Door staff scan a ticket's QR code: a ticket of the event whose code is its current holder's is checked in
 * (decideCheckIn: once, never while its price is owed), answered with its poll PIN. A second scan, or a concurrent
 * one that lost the race (handleCommand decides again on what the winner wrote), answers ALREADY_CHECKED_IN.
 * Shared by the organizer API (through DoorCheckInCommand) and the operator's CLI.
 */
export async function checkInAtDoor(deps: DoorCheckInDeps, scan: ScanAtDoor): Promise<DoorCheckIn> {
  const offer = await deps.catalog.purchaseOffer(scan.eventShortName, null, deps.clock.now());
  if (!offer || (scan.organizerSlug !== null && offer.event.organizerSlug !== scan.organizerSlug)) throw new NotFoundError('event', scan.eventShortName);
  const code = scan.code.trim();
  const slash = code.indexOf('/');
  const ticketId = code.slice(0, Math.max(slash, 0)).toLowerCase();
  if (slash < 0 || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(ticketId)) refuse(doorCheckInErrors.invalidCode);
  const signature = code.slice(slash + 1);
  const secret = await deps.ticketCodeSecret();
  return handleCommand({
    load: () => loadTicket(deps.store, ticketId),
    decide: ({ state, revision }) => {
      if (!isIssued(state) || state.status === 'RELEASED' || state.eventShortName !== scan.eventShortName || revision === 'no_stream') return refuse(doorCheckInErrors.notFound);
      // compared as digests in constant time: the scanner must not learn a signature byte by byte
      const current = state.holder && ticketCode(secret, state.eventShortName, state.reservationId, state.ticketId, state.holder);
      if (!current || !timingSafeEqual(digest(current), digest(`${ticketId}/${signature}`))) return refuse(doorCheckInErrors.invalidCode);
      const events = decideCheckIn(state, ticketId, 'DOOR');
      if (events.length === 0) return { result: answer('ALREADY_CHECKED_IN', state, offer, state.checkedInAt ?? '', scan.lang) };
      const now = deps.clock.now();
      const metadata = provenance(deps.ids.uuid(), scan.actor, now);
      return {
        result: answer('CHECKED_IN', state, offer, now.toISOString(), scan.lang),
        append: () => deps.store.append(ticketStreamId(ticketId), events.map((e) => ticketToLog(e, metadata)), revision),
      };
    },
    written: async (position) => {
      if (deps.written) await deps.written(position);
    },
  });
}

function answer(result: DoorCheckInResult, ticket: Ticket, offer: PurchaseOffer, checkedInAt: string, lang: string | null = null): DoorCheckIn {
  const category = offer.categories.find((c) => c.category.id === ticket.categoryId)?.category;
  const asked = lang?.split(/[-_]/)[0]?.toLowerCase();
  const language = [...(asked ? [asked] : []), ...offer.event.contentLanguages].find((l) => category?.name[l] !== undefined);
  const categoryName = (category && (language ? category.name[language] : Object.values(category.name)[0])) ?? '';
  const fullName = ticket.holder ? `${ticket.holder.firstName} ${ticket.holder.lastName}`.trim() : '';
  return { result, ticket: { uuid: ticket.ticketId, categoryName, fullName, checkedInAt, pollPin: pollPinOf(ticket.ticketId) } };
}
