import { RuleViolations } from '@ticketing/kernel';
import type { SubscriptionOffer } from '@ticketing/catalog/contracts';
import type { HoldSeats } from '../inventory/hold-seats.js';
import { isSeatsRefusal } from '../inventory/hold-seats.js';
import { priceReservation } from '../pricing/price-reservation.js';
import type { ReservationOpened } from './reservation.events.js';
import { reserveErrors, type ReservationPlan } from './reserve-tickets.js';

/** `POST /subscription/{id}`: one pass of a descriptor, with what the edge knows (ids, time). */
export interface ReserveSubscription {
  readonly reservationId: string;
  /** The id the pass will have once issued (`subscription-{id}`), fixed now so that the order names it throughout. */
  readonly subscriptionId: string;
  readonly descriptorId: string;
  readonly language: string;
  readonly ownerUserId: string | null;
  readonly now: Date;
}

/**
 * The inventory a descriptor's passes are counted in. Event short names are `[A-Za-z0-9][A-Za-z0-9_-]*`: the colon
 * keeps this key from ever naming an event's inventory.
 */
export const subscriptionInventoryKey = (descriptorId: string) => `subscription:${descriptorId}`;

/** The one line a pass is counted and priced as in its inventory and its price (`price.tickets`). */
export const PASS_LINE = 0;

/**
 * Plans the reservation of one pass: refused off sale (sold out, as alf.io answers a descriptor it cannot sell)
 * and, for a paid pass, when the descriptor offers no way to pay. How many are left is the inventory's: the hold
 * counts one pass against `maxAvailable` atomically with the reservation's first event.
 */
export function decideReserveSubscription(command: ReserveSubscription, offer: SubscriptionOffer): ReservationPlan {
  const { descriptor } = offer;
  if (!offer.onSale) throw new RuleViolations([{ code: subscriptionSoldOut, field: 'reservationForm', args: [] }]);
  const price = priceReservation({
    currency: descriptor.currency,
    vatPercentage: descriptor.vatPercentage,
    vatIncluded: descriptor.vatIncluded,
    tickets: [{ categoryId: PASS_LINE, price: descriptor.price }],
    code: null,
    services: [],
  });
  if (price.requiresPayment && descriptor.allowedPaymentProxies.length === 0) {
    throw new RuleViolations([{ code: reserveErrors.notCompatible, field: 'reservationForm', args: [] }]);
  }
  const key = subscriptionInventoryKey(descriptor.id);
  const validUntil = new Date(command.now.getTime() + descriptor.reservationValidityMinutes * 60_000).toISOString();
  const opened: ReservationOpened = {
    type: 'ReservationOpened',
    data: {
      reservationId: command.reservationId,
      eventShortName: key,
      language: command.language,
      validUntil,
      promoCode: null,
      tickets: [],
      additionalServices: [],
      price,
      itemLinks: [],
      ownerUserId: command.ownerUserId,
      purchaseContext: { type: 'subscription', descriptorId: descriptor.id, subscriptionId: command.subscriptionId },
    },
  };
  const hold: HoldSeats = {
    eventShortName: key,
    reservationId: command.reservationId,
    tickets: [{ categoryId: PASS_LINE, quantity: 1 }],
    services: [],
    codeUse: null,
    expiresAt: validUntil,
    limits: {
      categoryCapacity: new Map([[PASS_LINE, null]]),
      capacitySize: new Map(),
      totalSeats: descriptor.maxAvailable,
      serviceQuantity: new Map(),
      codeMaxUsage: null,
    },
    opening: opened.data,
  };
  return { opened, hold };
}

/** alf.io's answer when no pass is left (or none is on sale). */
export const subscriptionSoldOut = 'show-subscription.sold-out.message';

/** The inventory's refusal of a pass's hold, as the buyer reads it. */
export const subscriptionHoldRefusal = (code: string) => (isSeatsRefusal(code) ? subscriptionSoldOut : code);
