import type { DomainEvent } from '@ticketing/kernel';

/**
 * One number of an organizer's invoice sequence, taken by one paid order. `invoice-sequence-{organizerSlug}`
 * holds only these, numbered 1, 2, 3 ... at revisions 0, 1, 2 ...: each is appended with the stream's expected
 * revision in the same all-or-nothing step as the order's `ReservationFinalized`, so a number exists exactly
 * when its order records it, none is taken twice and none is skipped.
 */
export type InvoiceNumberAssigned = DomainEvent<
  'InvoiceNumberAssigned',
  {
    readonly organizerSlug: string;
    /** 1 for the organizer's first invoice, then one more each time. */
    readonly sequence: number;
    /** The number as printed: the organizer's pattern applied to `sequence` (the plain number without one). */
    readonly invoiceNumber: string;
    readonly reservationId: string;
  }
>;

export type InvoiceSequenceEvent = InvoiceNumberAssigned;

export const invoiceSequenceEventTypes: readonly InvoiceSequenceEvent['type'][] = ['InvoiceNumberAssigned'];

export const invoiceSequenceStreamId = (organizerSlug: string) => `invoice-sequence-${organizerSlug}`;
