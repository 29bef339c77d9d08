import { limits } from '@ticketing/sales/booking-rules';
import { describe, expect, it } from 'vitest';
import { MAX_CUSTOMER_REFERENCE_LENGTH, MAX_NAME_LENGTH, MAX_ZIP_LENGTH } from './input-limits';

describe("the booking step's input limits", () => {
  it("are the server's rules where the spec agrees with them, one short of them for the zip", () => {
    expect(MAX_NAME_LENGTH).toBe(limits.name);
    expect(MAX_CUSTOMER_REFERENCE_LENGTH).toBe(limits.customerReference);
    expect(MAX_ZIP_LENGTH).toBe(limits.zip - 1);
  });
});
