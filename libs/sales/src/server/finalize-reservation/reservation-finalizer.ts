import { Inject, Injectable, Logger } from '@nestjs/common';
import { PurchaseOffers } from '../purchase-context/purchase-offers.js';
import { handleCommand, type EventStore, type GlobalPosition } from '@ticketing/event-store';
import type { Queryable } from '@ticketing/postgres';
import {
  decideFinalizeReservation,
  evolveInvoiceSequence,
  initialInvoiceSequenceState,
  invoiceSequenceStreamId,
  type FinalizeReservation,
  type InvoiceNumberAssigned,
  type InvoiceSequenceState,
} from '@ticketing/sales/domain';
import { RESERVATIONS_TABLE } from '../read-models/reservations/reservations.projection.js';
import { mailFailure, ReservationMailer } from '../reservation/reservation-mailer.js';
import { ReservationLog, reservationAppend, reservationToLog, type LoadedReservation } from '../reservation/reservation-stream.js';
import { provenance, toAppend } from '../shared/event-data.js';
import { SALES_DB, SALES_EVENT_STORE, SALES_OPTIONS, type SalesOptions } from '../tokens.js';

/**
 * Loads and decisions of one finalization before it is left FINALIZING for the sweeper. Within this process the
 * finalizations of one organizer run one after the other, so a conflict is another process taking the number
 * first: each conflict is some other order finalized, so this bounds the orders that can overtake this one.
 */
const ATTEMPTS = 200;

interface SequenceAt {
  readonly revision: number | 'no_stream';
  readonly state: InvoiceSequenceState;
}

/** FINALIZED: this call assigned the number (and sent the e-mail); NOTHING_TO_DO: not FINALIZING (any more). */
export type Finalization = 'FINALIZED' | 'NOTHING_TO_DO';

/**
 * alf.io's ReservationFinalizer: a paid order that gets an invoice is FINALIZING after its settlement, and COMPLETE
 * once it took the next number of its organizer's sequence (`invoice-sequence-{organizerSlug}`): the sequence's
 * InvoiceNumberAssigned and the order's ReservationFinalized go in one appendToStreams, each with the revision it
 * was decided on, so a number exists only with its order's record of it, and two orders never take the same one.
 * The confirm and payment handlers finalize right after their settlement (`afterPayment`); a process that died in
 * between leaves the order FINALIZING, and the start-up recovery and every sweep finalize those (`recover`).
 * The confirmation e-mail goes out once, sent by whoever moved the order to COMPLETE.
 */
@Injectable()
export class ReservationFinalizer {
  private readonly logger = new Logger('ReservationFinalizer');
  /** Per organizer: the last finalization of this process queued, the next one starts after it. */
  private readonly queues = new Map<string, Promise<unknown>>();
  /** Per organizer: the sequence as last read, so a load reads only the numbers taken since. */
  private readonly sequences = new Map<string, SequenceAt>();

  constructor(
    @Inject(SALES_OPTIONS) private readonly options: SalesOptions,
    @Inject(SALES_EVENT_STORE) private readonly store: EventStore,
    @Inject(SALES_DB) private readonly db: Queryable,
    private readonly offers: PurchaseOffers,
    private readonly mailer: ReservationMailer,
    private readonly reservations: ReservationLog,
  ) {}

  /**
   * After a payment was recorded: an order that waits for its invoice number (`finalizing`, as decided) gets it
   * now, then the confirmation e-mail goes out. A finalization that fails here is left to the sweeper, which then
   * sends the e-mail: the order is paid either way, and the buyer's page polls while it is FINALIZING.
   */
  async afterPayment(reservationId: string, actor: string, finalizing: boolean): Promise<void> {
    if (finalizing) {
      await this.finalize(reservationId, actor).catch((error: unknown) => {
        this.logger.warn({ msg: 'order left FINALIZING, the sweeper finalizes it', reservationId, reason: String(error) });
      });
      return;
    }
    await this.sendConfirmation(reservationId);
  }

  /** Gives a FINALIZING order its invoice number and sends its confirmation; nothing for any other order. */
  async finalize(reservationId: string, actor: string): Promise<Finalization> {
    const { state } = await this.reservations.load(reservationId);
    if (state.status !== 'FINALIZING') return 'NOTHING_TO_DO';
    const offer = await this.offers.forReservation(state, this.options.clock.now());
    if (!offer) throw new Error(`event ${state.eventShortName} of reservation ${reservationId} not found: its organizer's invoice sequence is unknown`);
    const command: FinalizeReservation = {
      type: 'FinalizeReservation',
      data: { reservationId, organizerSlug: offer.event.organizerSlug, invoiceNumberPattern: offer.organizer?.invoicing?.invoiceNumberPattern ?? null },
    };
    const { result, position } = await this.serially(command.data.organizerSlug, () => this.assign(command, actor));
    if (result !== 'FINALIZED') return result;
    if (position !== null) await this.options.waitForProjections(position);
    await this.sendConfirmation(reservationId);
    return result;
  }

  /**
   * Finalizes the orders left FINALIZING (a process died between an order's settlement and its number, or the
   * number could not be taken then), oldest first. Answers how many this run finalized.
   */
  async recover(actor: string, limit = 500): Promise<number> {
    const { rows } = await this.db.query<{ reservation_id: string }>(
      `select reservation_id from ${RESERVATIONS_TABLE} where status = 'FINALIZING' order by opened_at limit $1`,
      [limit],
    );
    let finalized = 0;
    for (const { reservation_id: reservationId } of rows) {
      try {
        if ((await this.finalize(reservationId, actor)) === 'FINALIZED') finalized++;
      } catch (error) {
        this.logger.warn({ msg: 'order not finalized, tried again on the next sweep', reservationId, reason: String(error) });
      }
    }
    return finalized;
  }

  /** Decides on the order and the sequence as stored, appends both or neither, and decides again on a conflict. */
  private async assign(command: FinalizeReservation, actor: string): Promise<{ result: Finalization; position: GlobalPosition | null }> {
    const { reservationId, organizerSlug } = command.data;
    let position: GlobalPosition | null = null;
    const result = await handleCommand<{ reservation: LoadedReservation; sequence: SequenceAt }, Finalization>({
      load: async () => ({ reservation: await this.reservations.load(reservationId), sequence: await this.loadSequence(organizerSlug) }),
      decide: ({ reservation, sequence }) => {
        const events = decideFinalizeReservation(command, { reservation: reservation.state, sequence: sequence.state });
        const assigned = events.find((e) => e.type === 'InvoiceNumberAssigned');
        const finalized = events.find((e) => e.type === 'ReservationFinalized');
        if (!assigned || !finalized) return { result: 'NOTHING_TO_DO' };
        const metadata = provenance(this.options.ids.uuid(), actor, this.options.clock.now(), reservationId);
        const append = () =>
          this.store.appendToStreams([
            { streamId: invoiceSequenceStreamId(organizerSlug), events: [toAppend(assigned, metadata)], expectedRevision: sequence.revision },
            reservationAppend(reservationId, reservation, [reservationToLog(finalized, metadata)]),
          ]);
        return { result: 'FINALIZED', append };
      },
      // waited for outside the organizer's queue: the next order need not wait for the read models
      written: async (at) => void (position = at),
      attempts: ATTEMPTS,
    });
    return { result, position };
  }

  /** The organizer's sequence: what this process read before, and the numbers taken since (by any process). */
  private async loadSequence(organizerSlug: string): Promise<SequenceAt> {
    const known = this.sequences.get(organizerSlug) ?? { revision: 'no_stream', state: initialInvoiceSequenceState() };
    const fromRevision = known.revision === 'no_stream' ? 0 : known.revision + 1;
    const recorded = await this.store.readStream(invoiceSequenceStreamId(organizerSlug), { fromRevision });
    const now = recorded.reduce<SequenceAt>(
      (at, event) => ({ revision: event.revision, state: evolveInvoiceSequence(at.state, { type: 'InvoiceNumberAssigned', data: event.data as InvoiceNumberAssigned['data'] }) }),
      known,
    );
    this.sequences.set(organizerSlug, now);
    return now;
  }

  /** Runs `job` after every job queued before for the same organizer (whatever their outcome). */
  private serially<T>(organizerSlug: string, job: () => Promise<T>): Promise<T> {
    const run = (this.queues.get(organizerSlug) ?? Promise.resolve()).then(job);
    const tail = run.catch(() => undefined);
    this.queues.set(organizerSlug, tail);
    void tail.then(() => {
      if (this.queues.get(organizerSlug) === tail) this.queues.delete(organizerSlug);
    });
    return run;
  }

  private async sendConfirmation(reservationId: string): Promise<void> {
    // the order stands whatever the mail server says; the buyer can ask for the e-mail again
    await this.mailer.sendConfirmation(reservationId).catch((error: unknown) => this.logger.warn({ msg: 'confirmation e-mail not sent', reason: mailFailure(error) }));
    await this.mailer.sendTicketsToHolders(reservationId).catch((error: unknown) => this.logger.warn({ msg: 'ticket e-mails not sent', reason: mailFailure(error) }));
    await this.mailer.sendPassToOwner(reservationId).catch((error: unknown) => this.logger.warn({ msg: 'pass e-mail to its owner not sent', reason: mailFailure(error) }));
  }
}
