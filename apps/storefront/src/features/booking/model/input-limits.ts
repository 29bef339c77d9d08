/**
 * Spec 5: how much the booking step's inputs take (`maxLength`). Where the spec and the server's rules agree the
 * number is the rules' (`limits` of @ticketing/sales/booking-rules; input-limits.unit.spec.tsx fails when they part);
 * the address lines, city and zip stop one character short of what the server accepts (spec: 255 and 50, reference
 * item 20: 256 and 51), so no input can hold a value the server refuses for length. Written here rather than
 * imported: the rules' module would otherwise come with the booking step as a chunk of its own (0.5 KB gzipped of
 * error codes the page needs only when it checks, in the rules' chunk).
 */
export const MAX_NAME_LENGTH = 255;
export const MAX_ZIP_LENGTH = 50;
export const MAX_CUSTOMER_REFERENCE_LENGTH = 50;
/** An Italian addressee code has exactly 7 characters (`error.lengthMustBe7`). */
export const MAX_ADDRESSEE_CODE_LENGTH = 7;
