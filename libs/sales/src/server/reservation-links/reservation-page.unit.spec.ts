import { describe, expect, it } from 'vitest';
import { reservationPageOf } from './reservation-page.js';

describe('reservationPageOf (spec 4, reference item 56)', () => {
  it.each([
    ['PENDING', false, 'book'],
    ['PENDING', true, 'overview'],
    ['COMPLETE', true, 'success'],
    ['FINALIZING', true, 'success'],
    ['OFFLINE_PAYMENT', true, 'waiting-payment'],
    ['OFFLINE_FINALIZING', true, 'waiting-payment'],
    ['DEFERRED_OFFLINE_PAYMENT', true, 'deferred-payment'],
    ['EXTERNAL_PROCESSING_PAYMENT', true, 'processing-payment'],
    ['WAITING_EXTERNAL_CONFIRMATION', true, 'processing-payment'],
    ['IN_PAYMENT', true, 'error'],
    ['STUCK', true, 'error'],
    ['CANCELLED', true, 'not-found'],
  ])('%s (validated: %s) is %s', (status, validatedBookingInformation, page) => {
    expect(reservationPageOf({ status, validatedBookingInformation })).toBe(page);
  });

  it('a failed lookup is not found', () => {
    expect(reservationPageOf(null)).toBe('not-found');
  });
});
