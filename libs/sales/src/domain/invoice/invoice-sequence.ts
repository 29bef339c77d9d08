import type { InvoiceSequenceEvent } from './invoice-sequence.events.js';

/** The last number an organizer's invoices took (0 before the first). */
export interface InvoiceSequenceState {
  readonly last: number;
}

export const initialInvoiceSequenceState = (): InvoiceSequenceState => ({ last: 0 });

export function evolveInvoiceSequence(_state: InvoiceSequenceState, event: InvoiceSequenceEvent): InvoiceSequenceState {
  return { last: event.data.sequence };
}
