import { describe, expect, it } from 'vitest';
import { additionalService, eventDetails } from '@ticketing/testing/catalog-events';
import { serviceView } from './service-view.js';

const now = new Date('2027-03-01T10:00:00.000Z');

describe('serviceView', () => {
  it('counts what is left of an optional supplement, but not of a mandatory one: it goes with every ticket sold', () => {
    const view = (policy: 'OPTIONAL_MAX_AMOUNT_PER_TICKET' | 'MANDATORY_ONE_FOR_TICKET', sold: number) =>
      serviceView({ service: additionalService({ supplementPolicy: policy, availableQuantity: 999 }), descriptionHtml: {} }, eventDetails(), now, null, sold).availableQuantity;
    expect(view('OPTIONAL_MAX_AMOUNT_PER_TICKET', 400)).toBe(599);
    expect(view('OPTIONAL_MAX_AMOUNT_PER_TICKET', 1200)).toBe(0);
    expect(view('MANDATORY_ONE_FOR_TICKET', 1200)).toBe(999);
  });
});
