/**
 * What a reservation buys (spec 2: "The purchase context type is event or subscription; routes are prefixed by it
 * and its public identifier"): an event's tickets, by its short name, or a pass, by its descriptor's id. The
 * checkout steps and the pages after them are the same for both; only these addresses and the context's settings
 * (api/purchase-context-queries.ts) differ.
 */
export type PurchaseContextType = 'event' | 'subscription';

export interface PurchaseContextRef {
  readonly type: PurchaseContextType;
  /** The event's short name or the subscription descriptor's id. */
  readonly id: string;
}

/** The context's own page: the event page or the subscription page. */
export const purchaseContextHref = ({ type, id }: PurchaseContextRef): string => `/${type}/${encodeURIComponent(id)}`;

/** The address of one page of a reservation, with the query the visitor came with (catalog filters, lang). */
export const reservationPageHref = (context: PurchaseContextRef, reservationId: string, page: string, searchStr = ''): string =>
  `${purchaseContextHref(context)}/reservation/${encodeURIComponent(reservationId)}/${page}${searchStr}`;
