import type { BookingErrors, FieldError } from './field-names';
import { fieldKey } from './field-names';

/** An entry of a 422's `validationErrors` (reference 1.2): `arguments` is `{"0": 5}` or null. */
export interface ServerValidationError {
  readonly fieldName?: string | null;
  readonly code?: string | null;
  readonly arguments?: unknown;
}

export interface MappedErrors {
  readonly fields: BookingErrors;
  readonly global: readonly FieldError[];
}

/** Spec 8: an error without a code is still an error, shown as the unexpected one. */
const UNEXPECTED_ERROR = 'error.STEP_2_PAYMENT_REQUEST_CREATION';

/** The top-level values of the booking form a field error may be about. */
const TOP_LEVEL_FIELDS = new Set([
  'firstName', 'lastName', 'email', 'invoiceRequested', 'addCompanyBillingDetails', 'billingAddressCompany',
  'billingAddressLine1', 'billingAddressLine2', 'billingAddressZip', 'billingAddressCity', 'billingAddressState',
  'vatCountryCode', 'customerReference', 'vatNr', 'skipVatNr', 'italyEInvoicingFiscalCode',
  'italyEInvoicingReferenceType', 'italyEInvoicingReferenceAddresseeCode', 'italyEInvoicingReferencePEC',
  'italyEInvoicingSplitPayment', 'postponeAssignment', 'differentSubscriptionOwner',
]);

const NESTED_FIELD = [
  /^tickets\[[^\]]+\]\.(firstName|lastName|email|userLanguage|fullName)$/,
  /^tickets\[[^\]]+\]\.additional\[.+\]\[\d+\]$/,
  /^additionalServices\[[^\]]+\]\[\d+\]\.additional\[.+\]\[\d+\]$/,
  /^subscriptionOwner\.(firstName|lastName|email)$/,
  /^subscriptionOwner\.additional\[.+\]\[\d+\]$/,
];

/** Whether a (bracket-form) name is a value of the booking form rather than an object name like `contactAndTicketsForm`. */
export const isBookingFieldName = (key: string): boolean => TOP_LEVEL_FIELDS.has(key) || NESTED_FIELD.some((p) => p.test(key));

const TICKET_ADDITIONAL = /^tickets\[([^\]]+)\]\.additional\[(.+)\]\[(\d+)\]$/;

/**
 * Spec 5: server field errors go under their field (both `a[b].c` and `a.b.c` name the same one); what cannot
 * be placed becomes a global error. With `fields` (the names of the controls on screen) an error about a field
 * not shown is global too, and one under `tickets.<uuid>.additional.<name>.<i>` that no ticket field has goes
 * to the additional-service field of that ticket with the same name. The first error of a field is kept.
 */
export function mapServerErrors(validationErrors: readonly ServerValidationError[] | null | undefined, fields?: Iterable<string>): MappedErrors {
  const shown = fields ? new Set([...fields].map(fieldKey)) : undefined;
  const result: Record<string, FieldError> = {};
  const global: FieldError[] = [];
  for (const error of validationErrors ?? []) {
    const message: FieldError = { code: error.code || UNEXPECTED_ERROR, args: positionalArgs(error.arguments) };
    const key = placeOf(typeof error.fieldName === 'string' ? fieldKey(error.fieldName) : '', shown);
    if (key === undefined) global.push(message);
    else if (!result[key]) result[key] = message;
  }
  return { fields: result, global };
}

function placeOf(key: string, shown: ReadonlySet<string> | undefined): string | undefined {
  if (!isBookingFieldName(key)) return undefined;
  if (!shown || shown.has(key)) return key;
  const match = TICKET_ADDITIONAL.exec(key);
  if (!match) return undefined;
  const [, uuid, name, index] = match;
  const suffix = `.additional[${name}][${index}]`;
  return [...shown].find((f) => f.startsWith(`additionalServices[${uuid}][`) && f.endsWith(suffix));
}

/** `{"0": 5, "1": "x"}` -> [5, "x"]; an array as is; anything else -> []. */
function positionalArgs(value: unknown): (string | number)[] {
  const asArg = (v: unknown): string | number => (typeof v === 'number' || typeof v === 'string' ? v : v == null ? '' : String(v));
  if (Array.isArray(value)) return value.map(asArg);
  if (typeof value !== 'object' || value === null) return [];
  const args: (string | number)[] = [];
  for (const [key, arg] of Object.entries(value)) if (/^\d+$/.test(key)) args[Number(key)] = asArg(arg);
  return Array.from(args, (a) => a ?? '');
}
