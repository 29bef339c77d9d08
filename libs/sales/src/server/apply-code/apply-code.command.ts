import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CatalogOffers } from '@ticketing/catalog/contracts';
import { handleCommand, type EventStore, type StreamAppend } from '@ticketing/event-store';
import { DomainError, isUuid, NotFoundError } from '@ticketing/kernel';
import { decideApplySubscription, decideRemoveSubscription, ticketsToCover, type OpenedReservation, type ReservationEvent } from '@ticketing/sales/domain';
import { compatibleCategoriesOf, subscriptionErrors, SubscriptionPasses, type PassUseChange, type SubscriptionPass } from '@ticketing/subscriptions/contracts';
import { ReservationLog, reservationAppend, reservationToLog, type LoadedReservation } from '../reservation/reservation-stream.js';
import { provenance, toAppend, type Provenance } from '../shared/event-data.js';
import { SALES_EVENT_STORE, SALES_OPTIONS, type SalesOptions } from '../tokens.js';

/** How often a use is decided again when another order used the same pass at the same moment (one wins each round). */
const ATTEMPTS = 25;

export interface ApplyCodeInput {
  readonly reservationId: string;
  /** The pass's id (UUID) or its PIN, as typed. */
  readonly code: string;
  /** How many of the order's tickets it should pay for. */
  readonly amount: number;
  readonly actor: string;
}

/** applied: the pass pays for tickets now; refused: the code of the reason (subscriptionErrors); neither: nothing to do. */
export type ApplyCodeOutcome = { readonly applied: boolean; readonly refusal: string | null };

/** `apply-code` (reference 3.3 item 28). NotFoundError when the reservation does not exist. */
export class ApplyCodeCommand extends Command<ApplyCodeOutcome> {
  constructor(readonly input: ApplyCodeInput) {
    super();
  }
}

/** `remove-code` (reference 3.3 item 29): true when a pass was taken off the order. NotFoundError as apply-code. */
export class RemoveCodeCommand extends Command<boolean> {
  constructor(
    readonly reservationId: string,
    readonly actor: string,
  ) {
    super();
  }
}

/**
 * The order's events and the pass's, in one append expecting both streams' revisions: the entries a pass gives are
 * never counted without the order that took them, nor the other way round. Two orders taking the last entry: the
 * second append fails on the pass's stream, is decided again on what the first wrote, and refused.
 */
function appendsOf(state: OpenedReservation, loaded: LoadedReservation, events: readonly ReservationEvent[], change: PassUseChange | null, metadata: Provenance): StreamAppend[] {
  return [
    reservationAppend(state.opened.reservationId, loaded, events.map((e) => reservationToLog(e, metadata))),
    ...(change ? [{ streamId: change.streamId, events: change.events.map((e) => toAppend(e, metadata)), expectedRevision: change.expectedRevision }] : []),
  ];
}

/**
 * A pass pays for tickets of a pending event order: found by id or by PIN within the event's organizer, its own
 * rules decided by the subscriptions context (acquired, for this event, valid now, entries left, once per event), the
 * tickets it covers chosen by the order (the first `amount` that cost something, of the categories the pass pays for
 * at this event). Refusals are answers, not errors: apply-code says 200 with the reason (as alf.io). An order that is
 * not pending, buys a pass itself, has a pass applied already, is for an event the pass is not linked to or has no
 * ticket the pass could pay for applies nothing, without a reason.
 */
@CommandHandler(ApplyCodeCommand)
export class ApplyCodeHandler implements ICommandHandler<ApplyCodeCommand, ApplyCodeOutcome> {
  constructor(
    @Inject(SALES_OPTIONS) private readonly options: SalesOptions,
    @Inject(SALES_EVENT_STORE) private readonly store: EventStore,
    private readonly passes: SubscriptionPasses,
    private readonly catalog: CatalogOffers,
    private readonly reservations: ReservationLog,
  ) {}

  async execute({ input }: ApplyCodeCommand): Promise<ApplyCodeOutcome> {
    const nothing: ApplyCodeOutcome = { applied: false, refusal: null };
    try {
      return await handleCommand<LoadedReservation, ApplyCodeOutcome>({
        attempts: ATTEMPTS,
        load: () => this.reservations.load(input.reservationId),
        decide: async (loaded) => {
          const { state } = loaded;
          if (state.status === 'NONE') throw new NotFoundError('reservation', input.reservationId);
          if (state.status !== 'PENDING' || state.opened.purchaseContext || state.appliedSubscription) return { result: nothing };
          const now = this.options.clock.now();
          const pass = await this.find(state, input, now);
          // a pass not linked to this event: false without a reason (reference 28); subscription.not.valid stays for one not valid yet
          if (!pass.compatibleEventShortNames.includes(state.eventShortName)) return { result: nothing };
          // no ticket to pay for, none of a category the pass pays for at this event included: nothing, without a reason (alf.io)
          const ticketIndexes = ticketsToCover(state, input.amount, compatibleCategoriesOf(pass, state.eventShortName));
          if (ticketIndexes.length === 0) return { result: nothing };
          const change = await this.passes.planUse(pass.subscriptionId, { reservationId: input.reservationId, eventShortName: state.eventShortName, entries: ticketIndexes.length });
          const descriptor = (await this.catalog.subscriptionOffer(pass.descriptorId, now))?.descriptor;
          const events = decideApplySubscription(state, { reservationId: input.reservationId, subscriptionId: pass.subscriptionId, title: descriptor?.title ?? {}, ticketIndexes });
          // the pass records this order's use already (an earlier apply whose order event is gone cannot happen: both are one append)
          if (events.length === 0 || !change) return { result: nothing };
          const metadata = provenance(this.options.ids.uuid(), input.actor, now, input.reservationId);
          return { result: { applied: true, refusal: null }, append: () => this.store.appendToStreams(appendsOf(state, loaded, events, change, metadata)) };
        },
        written: (position) => this.options.waitForProjections(position),
      });
    } catch (error) {
      if (error instanceof DomainError && !(error instanceof NotFoundError)) return { applied: false, refusal: error.code };
      throw error;
    }
  }

  /** By id anywhere (a UUID), else by PIN among the passes of the event's organizer. */
  private async find(state: OpenedReservation, input: ApplyCodeInput, now: Date): Promise<SubscriptionPass> {
    const code = input.code.trim();
    if (isUuid(code)) {
      const pass = await this.passes.byId(code.toLowerCase());
      if (!pass) throw new DomainError(subscriptionErrors.uuidNotFound);
      return pass;
    }
    const offer = await this.catalog.purchaseOffer(state.eventShortName, null, now);
    if (!offer) throw new NotFoundError('event', state.eventShortName);
    const pass = await this.passes.byPin(offer.event.organizerSlug, code);
    if (!pass) throw new DomainError(subscriptionErrors.pinNotFound);
    return pass;
  }
}

/**
 * The pass comes off a pending order, and its entries go back to the pass, in one append. A double click, or a
 * remove racing a cancel or the expiry, is decided again on what the other call wrote (false: nothing to remove).
 */
@CommandHandler(RemoveCodeCommand)
export class RemoveCodeHandler implements ICommandHandler<RemoveCodeCommand, boolean> {
  constructor(
    @Inject(SALES_OPTIONS) private readonly options: SalesOptions,
    @Inject(SALES_EVENT_STORE) private readonly store: EventStore,
    private readonly passes: SubscriptionPasses,
    private readonly reservations: ReservationLog,
  ) {}

  execute({ reservationId, actor }: RemoveCodeCommand): Promise<boolean> {
    return handleCommand({
      attempts: ATTEMPTS,
      load: () => this.reservations.load(reservationId),
      decide: async (loaded) => {
        const { state } = loaded;
        if (state.status === 'NONE') throw new NotFoundError('reservation', reservationId);
        const events = decideRemoveSubscription(state, reservationId);
        const applied = state.appliedSubscription;
        if (events.length === 0 || !applied) return { result: false };
        // read after the order: a pass recording no use of it was given back by a writer the order has not shown us
        // yet (a second remove, a cancel, the expiry). The order's events alone, at the revision read, then fail on
        // that writer's events and are decided again on them: nothing is applied any more, the answer is false.
        const change = await this.passes.planUndoUse(applied.subscriptionId, reservationId);
        const metadata = provenance(this.options.ids.uuid(), actor, this.options.clock.now(), reservationId);
        return { result: true, append: () => this.store.appendToStreams(appendsOf(state, loaded, events, change, metadata)) };
      },
      written: (position) => this.options.waitForProjections(position),
    });
  }
}
