import { zonedInstant } from '@ticketing/kernel';
import type { EventSnapshot } from '../shared/event-records.js';
import { saleInstants } from '../shared/sale-window.js';

/**
 * The instants (ms) at which `itemsByCategory` can change its answer with time alone: it reads the clock only
 * to compare it with the sale windows of categories and services (expired, saleInFuture) and with the
 * validity of codes (isCodeUsable). A new use of `now` in that view must add its instants here.
 */
export function changeInstants(snapshot: EventSnapshot): readonly number[] {
  const event = snapshot.record.details;
  const instants: number[] = [];
  for (const sale of [...snapshot.offer.categories.map((c) => c.category.sale), ...snapshot.offer.services.map((s) => s.service.sale)]) {
    const window = saleInstants(sale, event);
    if (window.start) instants.push(window.start.getTime());
    instants.push(window.end.getTime());
  }
  for (const code of snapshot.promoCodes.values()) {
    if (code.validFrom) instants.push(zonedInstant(code.validFrom, event.timeZone).getTime());
    if (code.validTo) instants.push(zonedInstant(code.validTo, event.timeZone).getTime());
  }
  return [...new Set(instants)].sort((a, b) => a - b);
}

/**
 * Where `now` falls among sorted `instants`: two moments with the same phase are, for every instant, both
 * before it, both at it or both after it, so every comparison the view makes gives the same result.
 */
export function phaseOf(instants: readonly number[], now: Date): string {
  const at = now.getTime();
  let low = 0;
  let high = instants.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (instants[mid]! < at) low = mid + 1;
    else high = mid;
  }
  return instants[low] === at ? `${low}=` : String(low);
}

/** `phaseOf` with each snapshot's instants worked out once (a snapshot is replaced, never changed). */
export class SalePhases {
  private readonly instants = new WeakMap<EventSnapshot, readonly number[]>();

  of(snapshot: EventSnapshot, now: Date): string {
    let instants = this.instants.get(snapshot);
    if (!instants) this.instants.set(snapshot, (instants = changeInstants(snapshot)));
    return phaseOf(instants, now);
  }
}
