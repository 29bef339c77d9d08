import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { fixedFieldNames } from '@ticketing/catalog/contracts';
import { handleCommand, type EventStore } from '@ticketing/event-store';
import { NotFoundError, provenance, RuleViolations } from '@ticketing/kernel';
import { TicketOrders, type TicketOwnerInput } from '@ticketing/sales/contracts';
import { ticketStreamId } from '@ticketing/ticketing/contracts';
import { decideAssign } from '@ticketing/ticketing/domain';
import { TICKETING_EVENT_STORE, TICKETING_OPTIONS, type TicketingOptions } from '../tokens.js';
import { TicketLookup } from '../tickets/ticket-lookup.js';
import { ticketToLog } from '../tickets/ticket-stream.js';
import { TicketMailer } from '../send-ticket/ticket-mailer.js';

export interface UpdateTicketInput {
  readonly eventShortName: string;
  readonly ticketId: string;
  readonly form: TicketOwnerInput;
  readonly actor: string;
}

/** Resolves to true once recorded (or nothing changed); RuleViolations with the form's field errors; NotFoundError. */
export class UpdateTicketCommand extends Command<boolean> {
  constructor(readonly input: UpdateTicketInput) {
    super();
  }
}

/**
 * `PUT /event/{e}/ticket/{uuid}` (reference 34): a new holder or new answers (also about the supplement items
 * linked to the ticket, recorded on the order), checked by the booking step's rules. Only on a complete order.
 * A locked ticket keeps its holder's names and e-mail, and an answer to a field that is not editable stays once
 * given: what the form says there is ignored (alf.io's update of the stored values skips a read-only field that
 * has one). A ticket that names a new e-mail (its first holder, or someone it was handed to) is e-mailed to it
 * (best effort: the change stands when mail fails).
 */
@CommandHandler(UpdateTicketCommand)
export class UpdateTicketHandler implements ICommandHandler<UpdateTicketCommand, boolean> {
  constructor(
    @Inject(TICKETING_OPTIONS) private readonly options: TicketingOptions,
    @Inject(TICKETING_EVENT_STORE) private readonly store: EventStore,
    private readonly lookup: TicketLookup,
    private readonly orders: TicketOrders,
    private readonly mailer: TicketMailer,
  ) {}

  async execute({ input }: UpdateTicketCommand): Promise<boolean> {
    const { eventShortName, ticketId, form, actor } = input;
    const newHolder = await handleCommand({
      load: () => this.lookup.find(eventShortName, ticketId),
      decide: async (found) => {
        if (!found || !found.order.complete) throw new NotFoundError('ticket', ticketId);
        const now = this.options.clock.now();
        const { errors, holder, items } = await this.orders.checkHolder(found.order, ticketId, form, now, found.ticket.holder?.answers ?? {});
        if (errors.length > 0) throw new RuleViolations(errors);
        const locked = !found.offer.event.assignment.enableTicketTransfer;
        const events = decideAssign(found.ticket, { ticketId, holder, locked, emailLocked: found.order.lockEmailEdit, fixedFields: fixedFieldNames(found.offer) });
        // the ticket goes to whoever it names now: its first holder, or a new one it was handed to
        const previous = found.ticket.holder?.email.trim().toLowerCase() ?? '';
        const result = events.some((e) => (e.data.holder?.email.trim().toLowerCase() ?? '') !== previous);
        if (events.length === 0 && items.length === 0) return { result };
        const metadata = provenance(this.options.ids.uuid(), actor, now);
        const ticketAppend = { streamId: ticketStreamId(ticketId), expectedRevision: found.revision, events: events.map((e) => ticketToLog(e, metadata)) };
        if (items.length === 0) return { result, append: () => this.store.append(ticketAppend.streamId, ticketAppend.events, ticketAppend.expectedRevision) };
        // the answers about the ticket's supplement items live on the order: both streams in one append
        const companion = events.length > 0 ? ticketAppend : null;
        return { result, append: async () => ({ position: await this.orders.recordItemAnswers(found.order, ticketId, items, companion, metadata) }) };
      },
      written: (position) => this.options.waitForProjections(position),
      // a holder's double click, or several people editing one ticket: decide again on what the others wrote
      attempts: 10,
    });
    if (newHolder) await this.mailer.send(eventShortName, ticketId, null, actor).catch(() => false);
    return true;
  }
}
