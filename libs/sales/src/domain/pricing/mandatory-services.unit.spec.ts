import { describe, expect, it } from 'vitest';
import { mandatoryServices, percentageFee as feeOf, withMandatoryServices } from './mandatory-services.js';
import { donation, percentageFee, supplement } from './pricing.fixtures.js';

describe('mandatoryServices', () => {
  const perTicket = supplement({ id: 1, supplementPolicy: 'MANDATORY_ONE_FOR_TICKET', price: 200 });
  const onTickets = percentageFee('MANDATORY_PERCENTAGE_FOR_TICKET', 10, { id: 2 });
  const onReservation = percentageFee('MANDATORY_PERCENTAGE_RESERVATION', 5, { id: 3 });
  const optional = supplement({ id: 4 });
  const gift = donation({ id: 5 });
  const onSale = [perTicket, onTickets, onReservation, optional, gift];

  it('adds one per ticket for MANDATORY_ONE_FOR_TICKET and one fee per percentage policy, nothing optional', () => {
    expect(mandatoryServices(onSale, 3).map((s) => [s.service.id, s.quantity, s.amount])).toEqual([
      [1, 3, null],
      [2, 1, null],
      [3, 1, null],
    ]);
  });

  it('adds nothing to a reservation without tickets', () => {
    expect(mandatoryServices(onSale, 0)).toEqual([]);
  });

  it('replaces whatever the buyer sent for a mandatory service', () => {
    const chosen = [
      { service: optional, quantity: 2, amount: null },
      { service: perTicket, quantity: 9, amount: null },
    ];
    expect(withMandatoryServices(chosen, onSale, 2).map((s) => [s.service.id, s.quantity])).toEqual([
      [4, 2],
      [1, 2],
      [2, 1],
      [3, 1],
    ]);
  });
});

describe('percentageFee', () => {
  it('takes the percentage half up, then clamps to min and max', () => {
    const fee = percentageFee('MANDATORY_PERCENTAGE_RESERVATION', 5);
    expect(feeOf(2500, fee)).toBe(125);
    expect(feeOf(2510, fee)).toBe(126); // 125.5 -> 126
    expect(feeOf(2500, { ...fee, minPrice: 200 })).toBe(200);
    expect(feeOf(2500, { ...fee, maxPrice: 100 })).toBe(100);
    expect(feeOf(0, { ...fee, minPrice: 50 })).toBe(50);
  });
});
