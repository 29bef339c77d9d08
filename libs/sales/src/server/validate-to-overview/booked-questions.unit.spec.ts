import type { AttendeeField } from '@ticketing/catalog/contracts';
import { describe, expect, it } from 'vitest';
import { bookedItems, bookedTickets, bookingQuestionOf } from './booked-questions.js';

const T1 = '11111111-1111-4111-8111-111111111111';
const T2 = '22222222-2222-4222-8222-222222222222';
const names = (questions: readonly { name: string }[]) => questions.map((q) => q.name);

const field = (overrides: Partial<AttendeeField> & { name: string }): AttendeeField => ({
  type: 'input:text',
  ordinal: 0,
  beforeStandardFields: false,
  required: true,
  editable: true,
  minLength: null,
  maxLength: null,
  restrictedValues: [],
  disabledValues: [],
  categoryIds: [],
  additionalServiceId: null,
  label: { en: overrides.name },
  placeholder: {},
  restrictedValuesDescription: {},
  ...overrides,
});

describe('the questions validate-to-overview asks (those the reservation view shows)', () => {
  const fields = [
    field({ name: 'company', ordinal: 2 }),
    field({ name: 'student-id', ordinal: 1, categoryIds: [2] }),
    field({ name: 'shirt', additionalServiceId: 5 }),
    field({ name: 'plate', additionalServiceId: 6, categoryIds: [2] }),
  ];

  it("asks each ticket its category's fields in display order, never a supplement's", () => {
    const tickets = bookedTickets([{ ticketId: T1, categoryId: 1 }, { ticketId: T2, categoryId: 2 }], fields);
    expect(tickets.map((t) => [t.ticketId, names(t.questions)])).toEqual([
      [T1, ['company']],
      [T2, ['student-id', 'company']],
    ]);
  });

  it("numbers items by their position among the reservation's items and asks each its supplement's fields, whatever ticket it goes with", () => {
    const services = [{ service: { id: 5, type: 'SUPPLEMENT' as const } }, { service: { id: 6, type: 'SUPPLEMENT' as const } }, { service: { id: 7, type: 'DONATION' as const } }];
    const items = bookedItems([{ serviceId: 7 }, { serviceId: 5 }, { serviceId: 6 }], services, fields);
    expect(items.map((i) => [i.itemId, names(i.questions)])).toEqual([
      [2, ['shirt']],
      [3, ['plate']],
    ]);
  });

  it('keeps of a field what the rules judge by', () => {
    const size = field({ name: 'size', type: 'select', required: false, minLength: 1, maxLength: 3, restrictedValues: ['S', 'M'], disabledValues: ['M'] });
    expect(bookingQuestionOf(size)).toEqual({ name: 'size', type: 'select', required: false, minLength: 1, maxLength: 3, restrictedValues: ['S', 'M'], disabledValues: ['M'] });
  });
});
