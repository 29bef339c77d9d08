import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { optionalWireInteger, wireInteger } from './request-schemas.js';

const quantity = wireInteger(z.number().int().min(0).max(1000));
const parsed = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? result.data : 'refused';
};

describe('wireInteger: an int field as Jackson binds it', () => {
  it('takes a JSON integer or a string of digits, as alf.io takes the quantity a <select> sends as text', () => {
    expect(parsed(quantity, 1)).toBe(1);
    expect(parsed(quantity, '1')).toBe(1);
    expect(parsed(quantity, '0')).toBe(0);
    expect(parsed(quantity, ' 12 ')).toBe(12);
    expect(parsed(wireInteger(), '-3')).toBe(-3);
  });

  it('refuses what Jackson refuses for an int, and keeps the bounds of the target', () => {
    for (const value of ['abc', '', '1.0', '1e3', '0x10', '1 2', 1.5, true, {}, [1], null, undefined, '9999999999999999']) {
      expect(parsed(quantity, value), JSON.stringify(value)).toBe('refused');
    }
    expect(parsed(quantity, '1001')).toBe('refused');
    expect(parsed(quantity, -1)).toBe('refused');
  });

  it('names the bound a numeric string breaks, as for a number', () => {
    const issue = (value: unknown) => quantity.safeParse(value).error?.issues[0]?.code;
    expect(issue('1001')).toBe('too_big');
    expect(issue(1001)).toBe('too_big');
    expect(issue('-1')).toBe('too_small');
  });
});

describe('optionalWireInteger: an Integer field', () => {
  it('is none when absent, null or an empty option, else an integer as wireInteger reads it', () => {
    const schema = z.object({ selectedCategory: optionalWireInteger() });
    expect(parsed(schema, {})).toEqual({});
    expect(parsed(schema, { selectedCategory: null })).toEqual({ selectedCategory: null });
    expect(parsed(schema, { selectedCategory: '' })).toEqual({ selectedCategory: null });
    expect(parsed(schema, { selectedCategory: '7' })).toEqual({ selectedCategory: 7 });
    expect(parsed(schema, { selectedCategory: 7 })).toEqual({ selectedCategory: 7 });
    expect(parsed(schema, { selectedCategory: 'seven' })).toBe('refused');
  });
});
