import { describe, expect, it } from 'vitest';
import { categoryOf } from './stream-summary.projection.js';

describe('categoryOf', () => {
  it('takes the stream id up to the first dash, or all of it without one', () => {
    expect(categoryOf('reservation-8f1c-77')).toBe('reservation');
    expect(categoryOf('inventory-event-12')).toBe('inventory');
    expect(categoryOf('solo')).toBe('solo');
  });
});
