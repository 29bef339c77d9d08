import { useCallback, useMemo, useState } from 'react';
import type { Selection } from '../selection/selection-rules';
import { EMPTY_SELECTION } from '../selection/selection-rules';

/**
 * The visitor's picks on the event page: form state of this page only, so React state (not an atom). It stays
 * while the promo code changes the address (same page), and goes with the page.
 */
export function useSelection() {
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const setTickets = useCallback((categoryId: number, quantity: number) => setSelection((s) => ({ ...s, tickets: { ...s.tickets, [categoryId]: quantity } })), []);
  const setQuantity = useCallback((serviceId: number, quantity: number) => setSelection((s) => ({ ...s, quantities: { ...s.quantities, [serviceId]: quantity } })), []);
  const setAmount = useCallback((serviceId: number, amount: string) => setSelection((s) => ({ ...s, amounts: { ...s.amounts, [serviceId]: amount } })), []);
  return useMemo(() => ({ selection, setTickets, setQuantity, setAmount }), [selection, setTickets, setQuantity, setAmount]);
}
