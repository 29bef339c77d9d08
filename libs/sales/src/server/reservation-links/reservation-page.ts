/**
 * The storefront page of a reservation's status (spec 4, "Reservation status to page"; reference item 56): PENDING is
 * book, or overview once validated; COMPLETE and FINALIZING success; OFFLINE_PAYMENT and OFFLINE_FINALIZING
 * waiting-payment; DEFERRED_OFFLINE_PAYMENT deferred-payment; EXTERNAL_PROCESSING_PAYMENT and
 * WAITING_EXTERNAL_CONFIRMATION processing-payment; IN_PAYMENT and STUCK error; anything else, or none, not-found.
 */
export function reservationPageOf(status: { readonly status: string; readonly validatedBookingInformation: boolean } | null): string {
  switch (status?.status) {
    case 'PENDING':
      return status.validatedBookingInformation ? 'overview' : 'book';
    case 'COMPLETE':
    case 'FINALIZING':
      return 'success';
    case 'OFFLINE_PAYMENT':
    case 'OFFLINE_FINALIZING':
      return 'waiting-payment';
    case 'DEFERRED_OFFLINE_PAYMENT':
      return 'deferred-payment';
    case 'EXTERNAL_PROCESSING_PAYMENT':
    case 'WAITING_EXTERNAL_CONFIRMATION':
      return 'processing-payment';
    case 'IN_PAYMENT':
    case 'STUCK':
      return 'error';
    default:
      return 'not-found';
  }
}
