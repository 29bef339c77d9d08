import { DomainError } from '@ticketing/kernel';
import { subscriptionErrors } from '@ticketing/subscriptions/contracts';
import type { SubscriptionUsed, SubscriptionUseUndone } from './subscription.events.js';
import type { SubscriptionState } from './subscription.js';

/** An order asks to pay for `entries` of its tickets of `eventShortName` with the pass, at `now`. */
export interface UseSubscription {
  readonly reservationId: string;
  readonly eventShortName: string;
  /** How many of the order's tickets it pays for (1 or more). */
  readonly entries: number;
  readonly now: Date;
}

/**
 * A use of the pass, checked in this order (the first rule broken is the answer):
 * 1. issued at all, else `subscription.not.acquired`;
 * 2. the same order again with the same event and entries: nothing new (apply-code repeated), even if the pass
 *    expired since: the use was granted while it was valid;
 * 3. the event is one of the pass's, else `subscription.not.valid`;
 * 4. within its validity: before validFrom `subscription.not.valid` (what alf.io answers: the pass is not
 *    expired, and the owner is told it does not work yet rather than that it is over); after validTo
 *    `subscription.expired`;
 * 5. max entries: the entries used by other orders plus those asked may reach it, not pass it, else
 *    `subscription.max-usage-reached` (all used, or fewer left than asked);
 * 6. ONCE_PER_EVENT: one entry per event, all orders together, else `subscription.max-usage-reached-per-event`
 *    (another order used it for this event, or more than one entry is asked).
 * An order that used the pass already and asks for other entries is not refused for being a second use: its new
 * use replaces the former (checked as if the former were given back), since an order has one use at most.
 */
export function decideUse(state: SubscriptionState, command: UseSubscription): SubscriptionUsed[] {
  if (state.status === 'NONE') throw new DomainError(subscriptionErrors.notAcquired);
  const { reservationId, eventShortName, entries, now } = command;
  if (!Number.isInteger(entries) || entries < 1) throw new RangeError(`a use pays for 1 entry or more, not ${entries}`);
  const former = state.usesByReservation.get(reservationId);
  if (former && former.eventShortName === eventShortName && former.entries === entries) return [];

  if (!state.compatibleEventShortNames.includes(eventShortName)) throw new DomainError(subscriptionErrors.notValid);
  if (state.validFrom !== null && now.getTime() < Date.parse(state.validFrom)) throw new DomainError(subscriptionErrors.notValid);
  if (state.validTo !== null && now.getTime() > Date.parse(state.validTo)) throw new DomainError(subscriptionErrors.expired);

  const usedByOthers = state.usedEntries - (former?.entries ?? 0);
  if (state.maxEntries !== null && usedByOthers + entries > state.maxEntries) throw new DomainError(subscriptionErrors.maxUsageReached);
  if (state.usageType === 'ONCE_PER_EVENT') {
    const usedForEventByOthers = (state.entriesByEvent.get(eventShortName) ?? 0) - (former?.eventShortName === eventShortName ? former.entries : 0);
    if (usedForEventByOthers + entries > 1) throw new DomainError(subscriptionErrors.maxUsageReachedPerEvent);
  }
  return [{ type: 'SubscriptionUsed', data: { subscriptionId: state.subscriptionId, reservationId, eventShortName, entries } }];
}

/** The order gives its use back; nothing when it had none (or the pass does not exist). */
export function decideUndoUse(state: SubscriptionState, reservationId: string): SubscriptionUseUndone[] {
  if (state.status === 'NONE') return [];
  const use = state.usesByReservation.get(reservationId);
  if (!use) return [];
  return [{ type: 'SubscriptionUseUndone', data: { subscriptionId: state.subscriptionId, reservationId, eventShortName: use.eventShortName, entries: use.entries } }];
}

/**
 * The order gives back `entries` of its use (tickets the pass paid for, released by their holders): what is left is
 * its whole use again (SubscriptionUsed), or the use is undone when nothing is left. Never refused: the entries were
 * granted, and giving them back is not a new use (an expired pass takes its entries back as well). Nothing when the
 * order has no use.
 */
export function decideGiveBack(state: SubscriptionState, reservationId: string, entries: number): (SubscriptionUsed | SubscriptionUseUndone)[] {
  if (!Number.isInteger(entries) || entries < 1) throw new RangeError(`gives back 1 entry or more, not ${entries}`);
  if (state.status === 'NONE') return [];
  const use = state.usesByReservation.get(reservationId);
  if (!use) return [];
  const left = use.entries - entries;
  if (left <= 0) return decideUndoUse(state, reservationId);
  return [{ type: 'SubscriptionUsed', data: { subscriptionId: state.subscriptionId, reservationId, eventShortName: use.eventShortName, entries: left } }];
}
