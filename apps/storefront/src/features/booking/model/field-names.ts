/**
 * Field names in the server's bean-path scheme (reference 1.2): `email`, `tickets[<uuid>].firstName`,
 * `tickets[<uuid>].additional[<name>][0]`, `additionalServices[<uuid>][0].additional[<name>][0]`,
 * `subscriptionOwner.email`. Errors, inputs' `name` attributes and DOM ids all derive from these, so a server
 * error lands on the control it is about. Spec 5 speaks of the dotted form (`tickets.<uuid>.firstName`, "dots
 * replace brackets"): {@link fieldKey} reads both and answers the bracket form, the one key used everywhere.
 */

/** A message to show: a bundle key (a server error code) and its positional arguments. */
export interface FieldError {
  readonly code: string;
  readonly args: readonly (string | number)[];
}

/** Errors by field name (bracket form). */
export type BookingErrors = Readonly<Record<string, FieldError>>;

export const fieldError = (code: string, ...args: (string | number)[]): FieldError => ({ code, args });

export type AttendeeField = 'firstName' | 'lastName' | 'email' | 'userLanguage';

export const ticketFieldName = (uuid: string, field: AttendeeField): string => `tickets[${uuid}].${field}`;

export const ticketAdditionalFieldName = (uuid: string, name: string, index = 0): string => `tickets[${uuid}].additional[${name}][${index}]`;

export const serviceAdditionalFieldName = (ticketUuid: string, item: number, name: string, index = 0): string =>
  `additionalServices[${ticketUuid}][${item}].additional[${name}][${index}]`;

export const subscriptionOwnerFieldName = (field: 'firstName' | 'lastName' | 'email'): string => `subscriptionOwner.${field}`;

export const subscriptionOwnerAdditionalFieldName = (name: string, index = 0): string => `subscriptionOwner.additional[${name}][${index}]`;

/** `a[b].c[0]` -> `a.b.c.0` (the spec's notation). */
export const dottedFieldName = (name: string): string => name.trim().replace(/\[([^\]]*)\]/g, '.$1');

// The dotted shapes the form's nested values can take, and their bracket form.
const DOTTED: readonly [RegExp, (...parts: string[]) => string][] = [
  [/^tickets\.([^.]+)\.additional\.(.+)\.(\d+)$/, (uuid, name, i) => ticketAdditionalFieldName(uuid!, name!, Number(i))],
  [/^tickets\.([^.]+)\.(\w+)$/, (uuid, field) => `tickets[${uuid}].${field}`],
  [/^additionalServices\.([^.]+)\.(\d+)\.additional\.(.+)\.(\d+)$/, (uuid, item, name, i) => serviceAdditionalFieldName(uuid!, Number(item), name!, Number(i))],
  [/^subscriptionOwner\.additional\.(.+)\.(\d+)$/, (name, i) => subscriptionOwnerAdditionalFieldName(name!, Number(i))],
];

/** One key for both notations: `tickets.abc.additional.diet.0` and `tickets[abc].additional[diet][0]` agree. */
export function fieldKey(name: string): string {
  const trimmed = name.trim();
  if (trimmed.includes('[')) return trimmed;
  for (const [pattern, build] of DOTTED) {
    const match = pattern.exec(trimmed);
    if (match) return build(...match.slice(1));
  }
  return trimmed;
}

/** A DOM id for a field: `useId()`'s prefix plus the field name with anything but [\w-] replaced. */
export const fieldDomId = (prefix: string, name: string): string => `${prefix}-${name.replace(/[^\w-]/g, '_')}`;
