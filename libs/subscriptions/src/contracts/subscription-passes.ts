import type { SubscriptionDescriptor } from '@ticketing/catalog/contracts';
import type { SubscriptionIssued, SubscriptionOwner } from './subscription-issued.js';
import type { SubscriptionPinTaken } from './subscription-pin-taken.js';
import type { SubscriptionUsed, SubscriptionUseUndone } from './subscription-used.js';

/** A pass as its owner's page and the order paying with it see it. */
export interface SubscriptionPass {
  readonly subscriptionId: string;
  readonly descriptorId: string;
  readonly organizerSlug: string;
  readonly reservationId: string;
  readonly pin: string;
  readonly owner: SubscriptionOwner | null;
  readonly validFrom: string | null;
  readonly validTo: string | null;
  readonly maxEntries: number | null;
  readonly usageType: SubscriptionDescriptor['usageType'];
  readonly compatibleEventShortNames: readonly string[];
  /** event shortName -> the category ids it pays for ({} for a pass issued before restrictions existed); see compatibleCategoriesOf. */
  readonly compatibleCategoryIds: Readonly<Record<string, readonly number[]>>;
  readonly purchasedAt: string;
  /** Entries used so far, all events together (SubscriptionInfo.usageDetails.used). */
  readonly used: number;
  /** Entries left; null when unlimited (usageDetails.available). */
  readonly available: number | null;
}

/** The ids of the event's categories whose tickets the pass pays for; null: every category (or the event is not the pass's). */
export function compatibleCategoriesOf(pass: Pick<SubscriptionPass, 'compatibleCategoryIds'>, eventShortName: string): readonly number[] | null {
  const ids = Object.hasOwn(pass.compatibleCategoryIds, eventShortName) ? pass.compatibleCategoryIds[eventShortName] : undefined;
  return ids && ids.length > 0 ? ids : null;
}

/** An order pays for `entries` of its tickets with the pass (its whole use: a later use by the same order replaces it). */
export interface PassUse {
  readonly reservationId: string;
  readonly eventShortName: string;
  readonly entries: number;
}

/** What the order that bought a pass knows of it at completion. */
export interface PassPurchase {
  readonly subscriptionId: string;
  readonly descriptor: SubscriptionDescriptor;
  readonly reservationId: string;
  /** The subject the owner's details are encrypted under (the order's, as for its tickets). */
  readonly subjectId: string;
  readonly owner: SubscriptionOwner;
  readonly purchasedAt: Date;
}

/**
 * The two events that create a pass, for the completing order's own append: `issued` on
 * subscriptionStreamId(id) and `pinTaken` on subscriptionPinStreamId(organizer, pin), both expecting 'no_stream'.
 */
export interface PassIssue {
  readonly issued: SubscriptionIssued;
  readonly pinTaken: SubscriptionPinTaken;
}

/**
 * The pass's part of an order's append that changes the order's use of it: the order appends `events` on
 * `streamId` expecting `expectedRevision`, together with its own events, all or nothing. When another order used
 * the pass meanwhile the whole append fails on this expectation, and the order asks again (decided anew on what
 * the other wrote: the last entry goes to one order only).
 */
export interface PassUseChange {
  readonly streamId: string;
  readonly events: readonly [SubscriptionUsed | SubscriptionUseUndone];
  readonly expectedRevision: number;
}

/** The passes, for the sales context: issuing one when its order completes, paying for tickets with one. */
export abstract class SubscriptionPasses {
  /**
   * The events of a new pass with a fresh random PIN and the validity its descriptor gives from `purchasedAt`.
   * When the append fails on the PIN's stream (the PIN is taken in that organizer), ask again: a new PIN.
   */
  abstract issue(purchase: PassPurchase): PassIssue;

  /** null when no pass has that id. */
  abstract byId(subscriptionId: string): Promise<SubscriptionPass | null>;

  /**
   * The organizer's pass with that PIN, as typed (any case, spaces and dashes, look-alike letters): null when
   * there is none. A PIN is unique within its organizer (SubscriptionPinTaken), so no owner's e-mail is needed to
   * tell passes apart, and none is asked: whoever books with the PIN may use the pass. A code that cannot be a PIN
   * is refused with subscriptionErrors.malformedCode. Callers rate-limit guesses.
   */
  abstract byPin(organizerSlug: string, pin: string): Promise<SubscriptionPass | null>;

  /**
   * Records the order's use of the pass, or refuses it with a DomainError whose code is one of
   * subscriptionErrors. True when recorded; false when the order already used it so (same event and entries).
   * Concurrent uses of the last entries: one wins, the others are refused.
   */
  abstract use(subscriptionId: string, use: PassUse): Promise<boolean>;

  /** Gives the order's use back (remove-code, an order expired or cancelled). False when it had none. */
  abstract undoUse(subscriptionId: string, reservationId: string): Promise<boolean>;

  /**
   * `use` decided but not appended: the change for the order to append with its own events (apply-code). null when
   * the order already uses the pass so; refused as `use` is.
   */
  abstract planUse(subscriptionId: string, use: PassUse): Promise<PassUseChange | null>;

  /** `undoUse` decided but not appended (remove-code, cancel, expiry): null when the order has no use of the pass. */
  abstract planUndoUse(subscriptionId: string, reservationId: string): Promise<PassUseChange | null>;

  /**
   * The order gives `entries` of its use back (tickets the pass paid for, released by their holders), decided but not
   * appended: its use reduced to what is left, or undone when none is; never refused. null when the order has no use.
   */
  abstract planGiveBack(subscriptionId: string, reservationId: string, entries: number): Promise<PassUseChange | null>;
}
