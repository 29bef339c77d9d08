import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { wireInteger } from '@ticketing/wire';
import { descriptorsOf } from './zod-issues.js';

const form = z.object({
  reservation: z.array(z.object({ ticketCategoryId: wireInteger(), amount: wireInteger(z.number().int().min(0).max(1000)).optional() })),
});
const errors = (body: unknown) => {
  const result = form.safeParse(body);
  return result.success ? [] : descriptorsOf(result.error.issues, 'request').map((e) => `${e.fieldName}:${e.code}:${JSON.stringify(e.arguments)}`);
};

describe('the codes of a field that takes a number or its digits (wireInteger)', () => {
  it('are those of a plain number field: a non-numeric string is malformed, a missing value empty, a bound its limit', () => {
    expect(errors({ reservation: [{ ticketCategoryId: 1, amount: 'one' }] })).toEqual(['reservation[0].amount:error.invalidFormat:null']);
    expect(errors({ reservation: [{ ticketCategoryId: 1, amount: 1.5 }] })).toEqual(['reservation[0].amount:error.invalidFormat:null']);
    expect(errors({ reservation: [{ ticketCategoryId: null }] })).toEqual(['reservation[0].ticketCategoryId:error.emptyField:null']);
    expect(errors({ reservation: [{}] })).toEqual(['reservation[0].ticketCategoryId:error.emptyField:null']);
    expect(errors({ reservation: [{ ticketCategoryId: 1, amount: '1001' }] })).toEqual(['reservation[0].amount:error.tooLong:{"0":1000}']);
    expect(errors({ reservation: [{ ticketCategoryId: '1', amount: '2' }] })).toEqual([]);
  });
});
