import type { DynamicDiscount } from '../shared/views/event-code.views.js';

export interface SelectedTickets {
  readonly ticketCategoryId: number;
  readonly amount: number;
}

/**
 * The automatic discount a selection would get (reference 3.2, check-discount). alf.io computes these in
 * extensions; the catalog defines no dynamic discounts, so there is never one (answered 204). This is the
 * one place to change when the catalog gains them.
 */
export async function checkDiscount(_shortName: string, _selection: readonly SelectedTickets[]): Promise<DynamicDiscount | null> {
  return null;
}
