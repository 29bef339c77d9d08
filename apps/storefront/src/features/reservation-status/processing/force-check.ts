import { forceCheckTransaction } from '@ticketing/api-client';
import type { PaymentResult } from '@ticketing/api-client';

/**
 * Asks the provider about the payment in flight (reference 3.3 item 26); null when that fails (none in flight:
 * 404). Loaded on the first check, not with the page: the payment calls stay out of the reservation pages' chunks
 * (and out of the entry's table of what each route needs).
 */
export const forceCheck = (reservationId: string): Promise<PaymentResult | null> =>
  forceCheckTransaction(reservationId).then(
    (response) => response.data as PaymentResult,
    () => null,
  );
