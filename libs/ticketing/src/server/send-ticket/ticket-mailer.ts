import { Inject, Injectable, Logger } from '@nestjs/common';
import { isOnlineTicket } from '@ticketing/catalog/contracts';
import { renderTicketPdf, type TicketDocument } from '@ticketing/documents';
import { handleCommand, type EventStore } from '@ticketing/event-store';
import { icalendar } from '@ticketing/formatting';
import { provenance, zonedInstant } from '@ticketing/kernel';
import { Mailer } from '@ticketing/mail';
import { TicketOrders } from '@ticketing/sales/contracts';
import { TicketDocuments, ticketStreamId, type TicketAttachment } from '@ticketing/ticketing/contracts';
import { decideSend } from '@ticketing/ticketing/domain';
import type { AdditionalServiceWithData } from '@ticketing/wire';
import { TICKETING_EVENT_STORE, TICKETING_OPTIONS, type TicketingOptions } from '../tokens.js';
import { documentLanguageOf, mailLanguageOf, ticketDocument } from '../tickets/ticket-document.js';
import { TicketLookup, type ShowableTicket } from '../tickets/ticket-lookup.js';
import { loadTicket, ticketToLog } from '../tickets/ticket-stream.js';
import { ticketMail } from './ticket-mail.js';
import { checkInCodeOf } from '../tickets/ticket-code.js';

/** The ticket as a PDF (reference 37), with the name it is downloaded and attached under. */
export interface RenderedTicket {
  readonly filename: string;
  readonly pdf: Buffer;
  readonly language: string;
  /** What the PDF prints, and the ticket code in its QR (the e-mail says the same). */
  readonly document: TicketDocument;
  readonly code: string;
}

/**
 * Renders tickets and e-mails them to their holders: the ticket PDF and the event's calendar entry attached, the
 * ticket's page linked. Each send is recorded on the ticket's stream (TicketSent) once the mail server took it.
 */
@Injectable()
export class TicketMailer extends TicketDocuments {
  private readonly logger = new Logger(TicketMailer.name);

  constructor(
    @Inject(TICKETING_OPTIONS) private readonly options: TicketingOptions,
    @Inject(TICKETING_EVENT_STORE) private readonly store: EventStore,
    private readonly lookup: TicketLookup,
    private readonly orders: TicketOrders,
    private readonly smtp: Mailer,
  ) {
    super();
  }

  async pdfsOf(eventShortName: string, ticketIds: readonly string[], language: string): Promise<readonly TicketAttachment[]> {
    const attachments: TicketAttachment[] = [];
    for (const ticketId of ticketIds) {
      const found = await this.lookup.showable(eventShortName, ticketId);
      if (!found) continue;
      const { filename, pdf } = await this.render(found, language);
      attachments.push({ filename, contentType: 'application/pdf', content: pdf });
    }
    return attachments;
  }

  async render(found: ShowableTicket, asked: string | null = null): Promise<RenderedTicket> {
    const language = documentLanguageOf(found, asked);
    const services = (await this.orders.servicesOf(found.order, found.ticket.ticketId, language, this.options.clock.now())) as AdditionalServiceWithData[];
    const code = await this.lookup.codeOf(found);
    const document = ticketDocument(found, code, services, language);
    return { filename: `ticket-${found.ticket.ticketId}.pdf`, pdf: await renderTicketPdf(document), language, document, code };
  }

  sendToHolder(eventShortName: string, ticketId: string, actor: string): Promise<boolean> {
    return this.send(eventShortName, ticketId, null, actor);
  }

  /** False when there is nothing to send (no such ticket, not complete, no holder) or no mail server. */
  async send(eventShortName: string, ticketId: string, asked: string | null, actor: string): Promise<boolean> {
    const found = await this.lookup.showable(eventShortName, ticketId);
    if (!found || !this.smtp.enabled) return false;
    const rendered = await this.render(found, mailLanguageOf(found, asked));
    const { event } = found.offer;
    const { language, document } = rendered;
    const link = `${this.options.publicBaseUrl}/event/${encodeURIComponent(eventShortName)}/ticket/${ticketId}/view`;
    const mail = ticketMail({
      language,
      holderFirstName: found.ticket.holder.firstName,
      eventTitle: document.event.title,
      organizerName: found.offer.organizer?.name ?? null,
      categoryName: document.categoryName,
      reference: document.reference,
      // in the event's zone, named: a holder elsewhere (an online event) reads it right
      when: `${document.event.formattedBegin} - ${document.event.formattedEnd} (${event.timeZone})`,
      where: event.location,
      link,
      deskPayment: document.amountDue ?? null,
      checkInLink: isOnlineTicket(found.offer, found.ticket.categoryId)
        ? `${this.options.publicBaseUrl}/event/${encodeURIComponent(eventShortName)}/ticket/${ticketId}/check-in/${checkInCodeOf(rendered.code)}`
        : null,
    });
    const calendar = icalendar({
      uid: `${ticketId}@${eventShortName}`,
      stamp: this.options.clock.now(),
      start: zonedInstant(event.start, event.timeZone),
      end: zonedInstant(event.end, event.timeZone),
      summary: document.event.title,
      description: link,
      location: event.location,
      url: link,
      organizer: found.offer.organizer ? { name: found.offer.organizer.name, email: found.offer.organizer.email } : null,
    });
    await this.smtp.send({
      to: found.ticket.holder.email,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      language,
      ...(found.offer.organizer ? { replyTo: found.offer.organizer.email } : {}),
      attachments: [
        { filename: rendered.filename, contentType: 'application/pdf', content: rendered.pdf },
        { filename: 'event.ics', contentType: 'text/calendar; charset=utf-8', content: Buffer.from(calendar, 'utf8') },
      ],
    });
    await this.record(ticketId, language, actor).catch((error: unknown) => this.logger.warn({ msg: 'ticket sent, not recorded', ticketId, error: String(error) }));
    return true;
  }

  private record(ticketId: string, language: string, actor: string): Promise<void> {
    return handleCommand({
      load: () => loadTicket(this.store, ticketId),
      decide: ({ state, revision }) => {
        const events = decideSend(state, ticketId, language);
        const now = this.options.clock.now();
        const metadata = provenance(this.options.ids.uuid(), actor, now);
        return { result: undefined, append: () => this.store.append(ticketStreamId(ticketId), events.map((e) => ticketToLog(e, metadata)), revision) };
      },
      written: (position) => this.options.waitForProjections(position),
      // the mail went out: the record of it must not be lost to the other sends of the same moment (each conflict is
      // another writer's success, so N sends at once need at most N attempts)
      attempts: 100,
    });
  }
}
