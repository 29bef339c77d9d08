import { limits } from '@ticketing/sales/booking-rules';

/**
 * Spec 5: how much the booking step's inputs take (`maxLength`). Where the spec and the server's rules agree the
 * number is the rules'; the address lines, city and zip stop one character short of what the server accepts
 * (spec: 255 and 50, reference item 20: 256 and 51), so no input can hold a value the server refuses for length.
 */
export const MAX_NAME_LENGTH = limits.name;
export const MAX_ZIP_LENGTH = 50;
export const MAX_CUSTOMER_REFERENCE_LENGTH = limits.customerReference;
/** An Italian addressee code has exactly 7 characters (`error.lengthMustBe7`). */
export const MAX_ADDRESSEE_CODE_LENGTH = 7;
