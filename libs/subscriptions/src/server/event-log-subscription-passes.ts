import { randomBytes } from 'node:crypto';
import { handleCommand, type EventStore } from '@ticketing/event-store';
import { DomainError, type Clock, type IdGenerator } from '@ticketing/kernel';
import {
  subscriptionErrors,
  subscriptionPinStreamId,
  subscriptionStreamId,
  SubscriptionPasses,
  type PassIssue,
  type PassPurchase,
  type PassUse,
  type PassUseChange,
  type SubscriptionPass,
} from '@ticketing/subscriptions/contracts';
import {
  decideGiveBack,
  decideUndoUse,
  decideUse,
  evolveSubscription,
  initialSubscriptionState,
  isIssued,
  isPin,
  issueSubscription,
  normalizePin,
  PIN_LENGTH,
  pinOf,
  usageOf,
  type SubscriptionEvent,
  type SubscriptionState,
} from '@ticketing/subscriptions/domain';
import { subscriptionFromLog, subscriptionToLog } from './subscription-log.js';

export interface SubscriptionPassesOptions {
  readonly store: EventStore;
  readonly clock: Clock;
  /** A fresh id for each command's metadata. */
  readonly ids: IdGenerator;
  /** Where PINs come from; default node's CSPRNG (a test scripts it to make two passes draw one PIN). */
  readonly randomBytes?: (size: number) => Uint8Array;
}

/**
 * The passes, read from and written to their own streams: a pass is a handful of events, so every read folds
 * its stream and every use appends with the revision it was decided on (two uses of the last entry: one wins,
 * the other is decided again on what the first wrote, and refused).
 */
export class EventLogSubscriptionPasses extends SubscriptionPasses {
  constructor(private readonly options: SubscriptionPassesOptions) {
    super();
  }

  issue(purchase: PassPurchase): PassIssue {
    return issueSubscription(purchase, pinOf((this.options.randomBytes ?? randomBytes)(PIN_LENGTH)));
  }

  async byId(subscriptionId: string): Promise<SubscriptionPass | null> {
    const { state } = await this.load(subscriptionId);
    if (!isIssued(state)) return null;
    const { status: _status, usesByReservation: _uses, entriesByEvent: _byEvent, usedEntries: _used, subjectId: _subject, ...terms } = state;
    return { ...terms, compatibleCategoryIds: terms.compatibleCategoryIds ?? {}, ...usageOf(state) };
  }

  async byPin(organizerSlug: string, typed: string): Promise<SubscriptionPass | null> {
    const pin = normalizePin(typed);
    if (!isPin(pin)) throw new DomainError(subscriptionErrors.malformedCode);
    const [taken] = await this.options.store.readStream(subscriptionPinStreamId(organizerSlug, pin), { maxCount: 1 });
    if (!taken) return null;
    return this.byId(String(taken.data['subscriptionId']));
  }

  use(subscriptionId: string, use: PassUse): Promise<boolean> {
    return this.decideAndAppend(subscriptionId, use.reservationId, (state) =>
      decideUse(state, { reservationId: use.reservationId, eventShortName: use.eventShortName, entries: use.entries, now: this.options.clock.now() }),
    );
  }

  undoUse(subscriptionId: string, reservationId: string): Promise<boolean> {
    return this.decideAndAppend(subscriptionId, reservationId, (state) => decideUndoUse(state, reservationId));
  }

  async planUse(subscriptionId: string, use: PassUse): Promise<PassUseChange | null> {
    const { state, revision } = await this.load(subscriptionId);
    const [used] = decideUse(state, { reservationId: use.reservationId, eventShortName: use.eventShortName, entries: use.entries, now: this.options.clock.now() });
    return used && revision !== 'no_stream' ? { streamId: subscriptionStreamId(subscriptionId), events: [used], expectedRevision: revision } : null;
  }

  async planUndoUse(subscriptionId: string, reservationId: string): Promise<PassUseChange | null> {
    const { state, revision } = await this.load(subscriptionId);
    const [undone] = decideUndoUse(state, reservationId);
    return undone && revision !== 'no_stream' ? { streamId: subscriptionStreamId(subscriptionId), events: [undone], expectedRevision: revision } : null;
  }

  async planGiveBack(subscriptionId: string, reservationId: string, entries: number): Promise<PassUseChange | null> {
    const { state, revision } = await this.load(subscriptionId);
    const [change] = decideGiveBack(state, reservationId, entries);
    return change && revision !== 'no_stream' ? { streamId: subscriptionStreamId(subscriptionId), events: [change], expectedRevision: revision } : null;
  }

  private decideAndAppend(subscriptionId: string, reservationId: string, decide: (state: SubscriptionState) => SubscriptionEvent[]): Promise<boolean> {
    return handleCommand({
      // many buyers may race for the last entries of a popular pass: each lost race reads and decides again
      attempts: 20,
      load: () => this.load(subscriptionId),
      decide: ({ state, revision }) => {
        const events = decide(state);
        if (events.length === 0 || revision === 'no_stream') return { result: false };
        const commandId = this.options.ids.uuid();
        const metadata = { correlationId: reservationId, causationId: commandId, occurredAt: this.options.clock.now().toISOString(), actor: `reservation:${reservationId}` };
        return { result: true, append: () => this.options.store.append(subscriptionStreamId(subscriptionId), events.map((e) => subscriptionToLog(e, metadata)), revision) };
      },
    });
  }

  private async load(subscriptionId: string): Promise<{ state: SubscriptionState; revision: number | 'no_stream' }> {
    const recorded = await this.options.store.readStream(subscriptionStreamId(subscriptionId));
    const state = recorded.reduce((s, e) => evolveSubscription(s, subscriptionFromLog(e)), initialSubscriptionState());
    return { state, revision: recorded.at(-1)?.revision ?? 'no_stream' };
  }
}
