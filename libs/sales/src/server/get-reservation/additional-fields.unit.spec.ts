import { describe, expect, it } from 'vitest';
import { attendeeField } from '@ticketing/testing/catalog-events';
import { additionalField, answerFields } from './additional-fields.js';

const field = (type: string, restrictedValues: string[] = []) => ({ type, restrictedValues }) as Parameters<typeof answerFields>[0];

describe('fields of an additional field: one entry per input, as alf.io shapes them', () => {
  it('gives every single-value field one entry at index 0: the answer, else null for a ticket and "" for an item', () => {
    for (const type of ['input:text', 'input:tel', 'input:dateOfBirth', 'vat:eu', 'textarea', 'country']) {
      expect(answerFields(field(type), [], 'ticket'), type).toEqual([{ fieldIndex: 0, fieldValue: null }]);
      expect(answerFields(field(type), [], 'item'), type).toEqual([{ fieldIndex: 0, fieldValue: '' }]);
      expect(answerFields(field(type), ['x'], 'ticket'), type).toEqual([{ fieldIndex: 0, fieldValue: 'x' }]);
    }
    for (const type of ['select', 'radio']) {
      expect(answerFields(field(type, ['a', 'b', 'c']), [], 'ticket'), type).toEqual([{ fieldIndex: 0, fieldValue: null }]);
      expect(answerFields(field(type, ['a', 'b', 'c']), ['b'], 'item'), type).toEqual([{ fieldIndex: 0, fieldValue: 'b' }]);
    }
  });

  it('gives a single checkbox one entry, and a checkbox group one per choice at its position', () => {
    expect(answerFields(field('checkbox', ['yes']), [], 'ticket')).toEqual([{ fieldIndex: 0, fieldValue: null }]);
    expect(answerFields(field('checkbox', ['yes']), ['yes'], 'ticket')).toEqual([{ fieldIndex: 0, fieldValue: 'yes' }]);
    // never answered: "" at every position; answered: the ticked choices at theirs, null elsewhere
    expect(answerFields(field('checkbox', ['a', 'b', 'c']), [], 'ticket')).toEqual([
      { fieldIndex: 0, fieldValue: '' },
      { fieldIndex: 1, fieldValue: '' },
      { fieldIndex: 2, fieldValue: '' },
    ]);
    expect(answerFields(field('checkbox', ['a', 'b', 'c']), ['c', 'a'], 'item')).toEqual([
      { fieldIndex: 0, fieldValue: 'a' },
      { fieldIndex: 1, fieldValue: null },
      { fieldIndex: 2, fieldValue: 'c' },
    ]);
  });
});

describe("an additional field's choices: disabled values left out unless answered (alf.io's toAdditionalField)", () => {
  const size = attendeeField({ name: 'size', type: 'select', restrictedValues: ['S', 'M', 'XL'], disabledValues: ['XL'] });

  it('offers the values that are not disabled, and still lists every disabled one', () => {
    expect(additionalField(size, undefined, ['en'])).toMatchObject({ restrictedValues: ['S', 'M'], disabledValues: ['XL'], value: null });
    expect(additionalField(size, ['M'], ['en'], 'item')).toMatchObject({ restrictedValues: ['S', 'M'], value: 'M' });
  });

  it('keeps a disabled value that is the answer given, where the catalog lists it', () => {
    expect(additionalField(size, ['XL'], ['en'])).toMatchObject({ restrictedValues: ['S', 'M', 'XL'], value: 'XL' });
  });

  it("numbers a checkbox group's positions by the choices offered", () => {
    const extras = attendeeField({ name: 'extras', type: 'checkbox', restrictedValues: ['a', 'b', 'c'], disabledValues: ['b', 'c'] });
    expect(additionalField(extras, ['c'], ['en'])).toMatchObject({
      restrictedValues: ['a', 'c'],
      fields: [
        { fieldIndex: 0, fieldValue: null },
        { fieldIndex: 1, fieldValue: 'c' },
      ],
    });
  });
});
