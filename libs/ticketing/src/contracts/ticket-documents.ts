/** A ticket's PDF, ready to attach to an e-mail. */
export interface TicketAttachment {
  readonly filename: string;
  readonly contentType: string;
  readonly content: Buffer;
}

/** The tickets of an order as documents, for the order's confirmation (sales). */
export abstract class TicketDocuments {
  /** The PDFs of those tickets that can be shown now (issued, order complete, holder named), in `language` when the event speaks it. */
  abstract pdfsOf(eventShortName: string, ticketIds: readonly string[], language: string): Promise<readonly TicketAttachment[]>;

  /**
   * The ticket e-mail to its holder (in their language, the PDF and calendar entry attached, the check-in link of an
   * online ticket), recorded on the ticket; false when it cannot be shown yet or there is no mail server.
   */
  abstract sendToHolder(eventShortName: string, ticketId: string, actor: string): Promise<boolean>;
}
