import { Inject, Injectable } from '@nestjs/common';
import { DomainError } from '@ticketing/kernel';
import type { Db } from '@ticketing/postgres';
import { LIVE_SCHEMA, quoteIdent } from '@ticketing/projections';
import { ticketUuidRangeOfPin } from '@ticketing/ticketing/contracts';
import { pollErrors } from '@ticketing/ticketing/domain';
import { TICKETS_TABLE } from '../read-models/tickets.projection.js';
import { TICKETING_DB } from '../tokens.js';

/** The attendee a poll PIN names: a ticket of the event, checked in, with its tags (none carry any yet). */
export interface PollAttendee {
  readonly ticketId: string;
  readonly tags: readonly string[];
}

/**
 * Finds the checked-in ticket of an event whose uuid the PIN stands for, in the tickets read model: the PIN is
 * a range of uuids, so the lookup is a range scan of the table's primary key. A PIN that is malformed or names no
 * checked-in ticket is `pin.invalid`; one that names two is `pin.duplicate` (alf.io's codes, on `pin`).
 */
@Injectable()
export class PollAttendees {
  private readonly table = `${quoteIdent(LIVE_SCHEMA)}.${quoteIdent(TICKETS_TABLE)}`;

  constructor(@Inject(TICKETING_DB) private readonly db: Db) {}

  async byPin(eventShortName: string, pin: string): Promise<PollAttendee> {
    const range = ticketUuidRangeOfPin(pin);
    if (!range) throw new DomainError(pollErrors.pinInvalid, 'pin');
    const { rows } = await this.db.query<{ ticket_id: string }>(
      `select ticket_id from ${this.table}
        where ticket_id between $1::uuid and $2::uuid and event_short_name = $3 and status = 'CHECKED_IN'
        limit 2`,
      [range.from, range.to, eventShortName],
    );
    const [only, another] = rows;
    if (!only) throw new DomainError(pollErrors.pinInvalid, 'pin');
    if (another) throw new DomainError(pollErrors.pinDuplicate, 'pin');
    return { ticketId: only.ticket_id, tags: [] };
  }
}
