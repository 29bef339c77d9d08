import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Mailer } from '@ticketing/mail';
import { TicketLookup } from '../tickets/ticket-lookup.js';
import { TicketMailer } from './ticket-mailer.js';

/** true: sent; false: no mail server (or it refused); null: no such ticket to send. */
export class SendTicketCommand extends Command<boolean | null> {
  constructor(
    readonly eventShortName: string,
    readonly ticketId: string,
    readonly language: string | null,
    readonly actor: string,
  ) {
    super();
  }
}

/** `send-ticket-by-email` (reference 36). */
@CommandHandler(SendTicketCommand)
export class SendTicketHandler implements ICommandHandler<SendTicketCommand, boolean | null> {
  constructor(
    private readonly lookup: TicketLookup,
    private readonly mailer: TicketMailer,
    private readonly smtp: Mailer,
  ) {}

  async execute({ eventShortName, ticketId, language, actor }: SendTicketCommand): Promise<boolean | null> {
    if (!(await this.lookup.showable(eventShortName, ticketId))) return null;
    if (!this.smtp.enabled) return false;
    // a mail server that refuses is "not sent", not a server error
    const sent = await this.mailer.send(eventShortName, ticketId, language, actor).catch(() => false);
    // released meanwhile (before its mail was made): not found, as a call after the release is told
    if (!sent && !(await this.lookup.showable(eventShortName, ticketId))) return null;
    return sent;
  }
}
