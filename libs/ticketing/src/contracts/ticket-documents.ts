/** A ticket's PDF, ready to attach to an e-mail. */
export interface TicketAttachment {
  readonly filename: string;
  readonly contentType: string;
  readonly content: Buffer;
}

/** The tickets of an order as documents, for the order's confirmation e-mail (sales). */
export abstract class TicketDocuments {
  /** The PDFs of those tickets that can be shown now (issued, order complete, holder named), in `language` when the event speaks it. */
  abstract pdfsOf(eventShortName: string, ticketIds: readonly string[], language: string): Promise<readonly TicketAttachment[]>;
}
