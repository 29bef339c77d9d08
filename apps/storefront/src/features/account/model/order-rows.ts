import type { Order, OrderGroup } from '../../../api/user-queries';

/** Spec 9: an order id is shown as its first 8 characters, upper-cased. */
export const shortOrderId = (id: string): string => id.slice(0, 8).toUpperCase();

/** Spec 4, my orders status: COMPLETE is complete (check, success colour); any other status pending (clock, warning colour). */
export const orderState = (order: Pick<Order, 'status'>): 'complete' | 'pending' => (order.status === 'COMPLETE' ? 'complete' : 'pending');

/**
 * Spec 2, my orders: the items' names, each with its type (the ticket's category, in the language `localize` picks)
 * for an event; an item nobody's name is on yet shows its type alone.
 */
export function itemNames(group: Pick<OrderGroup, 'type'>, order: Pick<Order, 'items'>, localize: (map: Readonly<Record<string, string>>) => string): string[] {
  return order.items.map((item) => {
    const name = [item.firstName, item.lastName].filter(Boolean).join(' ');
    const type = localize(item.type);
    if (!name) return type;
    return group.type === 'event' && type ? `${name} (${type})` : name;
  });
}

/** ISO 4217 minor-unit digits of a currency (2 for CHF, 0 for JPY, 3 for BHD), as the server's money texts use them. */
function fractionDigitsOf(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2; // not an ISO currency code
  }
}

/** Spec 2, my orders: 'free' when the final price is 0, else the currency code and the price with the currency's digits. */
export const orderTotal = (order: Pick<Order, 'finalPrice' | 'currencyCode'>): string | null =>
  order.finalPrice === 0 ? null : `${order.currencyCode} ${order.finalPrice.toFixed(fractionDigitsOf(order.currencyCode))}`;

