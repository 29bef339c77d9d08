import { Inject, Injectable } from '@nestjs/common';
import type { Db } from '@ticketing/postgres';
import { LIVE_SCHEMA, quoteIdent } from '@ticketing/projections';
import { IssuedTickets, type IssuedTicket, type TicketHolder } from '@ticketing/ticketing/contracts';
import { TICKETING_DB } from '../tokens.js';
import { TICKETS_TABLE } from './tickets.projection.js';

/** The tickets of an order from the tickets read model (ticketing commands wait for it before they answer). */
@Injectable()
export class TicketsReadModel extends IssuedTickets {
  private readonly table = `${quoteIdent(LIVE_SCHEMA)}.${quoteIdent(TICKETS_TABLE)}`;

  constructor(@Inject(TICKETING_DB) private readonly db: Db) {
    super();
  }

  async ofReservation(reservationId: string): Promise<readonly IssuedTicket[]> {
    const rows = await this.db.query<{ ticket_id: string; category_id: number; status: IssuedTicket['status']; holder: TicketHolder | null }>(
      `select ticket_id, category_id, status, holder from ${this.table} where reservation_id = $1 order by issued_position, ticket_id`,
      [reservationId],
    );
    return rows.rows.map((r) => ({ ticketId: r.ticket_id, categoryId: r.category_id, status: r.status, holder: r.holder }));
  }
}
