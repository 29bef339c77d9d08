/** A file sent with a message (a ticket PDF, an invoice, a calendar entry). */
export interface MailAttachment {
  readonly filename: string;
  /** Its MIME type, e.g. `application/pdf`. */
  readonly contentType: string;
  readonly content: Buffer;
}

export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  /** The plain-text part: always sent, for clients that show no HTML and for filters that read it. */
  readonly text: string;
  /** The HTML part, shown instead of the text by clients that can (see html-layout.ts). */
  readonly html?: string;
  readonly attachments?: readonly MailAttachment[];
  /** Where a reply goes when not to the sender (e.g. the organizer's address). */
  readonly replyTo?: string;
  /** The language the message is written in (Content-Language). */
  readonly language: string;
}

/**
 * Outgoing e-mail, for every context that writes to buyers (reservation confirmations, transfer instructions,
 * waiting-list offers, soon tickets and invoices). An abstract class so it is its own injection token: the
 * composition provides one for the whole application.
 */
export abstract class Mailer {
  /** False when no mail server is configured: nothing can be sent, and what depends on mail is not offered. */
  abstract readonly enabled: boolean;
  /** Rejects when mail is disabled or the server refuses the message. */
  abstract send(message: MailMessage): Promise<void>;
}
