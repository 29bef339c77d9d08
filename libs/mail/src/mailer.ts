export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
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
