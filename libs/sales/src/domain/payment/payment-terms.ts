import type { EventDetails, PurchaseOffer } from '@ticketing/catalog/contracts';
import { wallClock, zonedInstant } from '@ticketing/kernel';

const DEFAULT_DELAY_DAYS = 5;
const LAST_MINUTE_MS = 2 * 60 * 60 * 1000;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The deadline of a bank transfer confirmed at `now` (reference 5.2): from the start of the current half-day
 * in the event's zone, `delayDays` business days later, never after the event begins; with less than two hours
 * left that way, two hours from now. Null once the event has begun: a transfer cannot arrive in time.
 */
export function offlinePaymentDeadline(now: Date, event: EventDetails, delayDays: number | null): Date | null {
  const begin = zonedInstant(event.start, event.timeZone);
  if (now.getTime() >= begin.getTime()) return null;
  const wall = wallClock(now, event.timeZone);
  const day = new Date(Date.UTC(wall.year, wall.month - 1, wall.day));
  for (let left = delayDays ?? DEFAULT_DELAY_DAYS; left > 0; ) {
    day.setUTCDate(day.getUTCDate() + 1);
    const weekday = day.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  const halfDay = wall.hour < 12 ? '00' : '12';
  const local = `${day.getUTCFullYear()}-${pad(day.getUTCMonth() + 1)}-${pad(day.getUTCDate())}T${halfDay}:00:00`;
  const deadline = Math.min(zonedInstant(local, event.timeZone).getTime(), begin.getTime());
  return new Date(Math.max(deadline, now.getTime() + LAST_MINUTE_MS));
}

/**
 * The deadline of a deferred bank transfer (reference 5.2): the event's begin, the order being accepted at once.
 * Null once the event has begun.
 */
export function deferredPaymentDeadline(now: Date, event: EventDetails): Date | null {
  const begin = zonedInstant(event.start, event.timeZone);
  return now.getTime() < begin.getTime() ? begin : null;
}

/** Whole days a transfer has (delayForOfflinePayment of the payment method's parameters), at least 1. */
export function offlineDelayDays(now: Date, deadline: Date): number {
  return Math.max(1, Math.round((deadline.getTime() - now.getTime()) / 86_400_000));
}

/** The ways to pay this server takes without a card provider, in the spec's display order (point 9). */
export type CardlessProxy = 'OFFLINE' | 'ON_SITE';
const PROXY_ORDER: readonly CardlessProxy[] = ['OFFLINE', 'ON_SITE'];

/** How a buyer of this offer can pay at `now` (spec points 4 and 9, reference 5.2). */
export interface PaymentTerms {
  /** The proxies allowed by the event and taken by this server; a bank transfer only while one can arrive in time. */
  readonly proxies: readonly CardlessProxy[];
  /** The deadline of a bank transfer chosen now, with the organizer's delay; null when there is no time left for one. */
  readonly transferDeadline: Date | null;
  /** The event accepts a transfer's order at once and lets it be paid until it begins (DEFERRED_OFFLINE_PAYMENT). */
  readonly deferredTransfer: boolean;
  /** When a transfer chosen now is due: the event's begin when deferred, else `transferDeadline`. */
  readonly offlineDeadline: Date | null;
}

export function paymentTerms(offer: PurchaseOffer, now: Date): PaymentTerms {
  const { event } = offer;
  const transferDeadline = offlinePaymentDeadline(now, event, offer.organizer?.payment.offlinePaymentDelayDays ?? null);
  // catalogs published before the flag existed lack it: no deferral
  const deferredTransfer = event.offlinePayment.deferred === true;
  return {
    proxies: PROXY_ORDER.filter((proxy) => event.allowedPaymentProxies.includes(proxy) && (proxy !== 'OFFLINE' || transferDeadline !== null)),
    transferDeadline,
    deferredTransfer,
    offlineDeadline: deferredTransfer ? deferredPaymentDeadline(now, event) : transferDeadline,
  };
}
