import { isApiError } from '@ticketing/api-client';

/** What a refusal of the poll endpoints (reference 3.7) means for the page. */
export type PollRefusal =
  /** The PIN is refused (`pin.invalid`: no checked-in ticket has it; `pin.duplicate`: more than one has): ask again. */
  | { readonly kind: 'pin'; readonly message: string }
  /** The poll (or the event) is not there for this PIN: not open, closed, or unknown (`not_found`). */
  | { readonly kind: 'not-found' }
  /** The option chosen is not one of the poll's (it changed since the page was loaded). */
  | { readonly kind: 'option' }
  /** Anything else (no answer, a 5xx): the attendee may try again. */
  | { readonly kind: 'failed' };

const PIN_MESSAGES: Readonly<Record<string, string>> = { 'pin.invalid': 'pin.invalid', 'pin.duplicate': 'pin.duplicate' };

interface ErrorDescriptor {
  readonly fieldName?: unknown;
  readonly code?: unknown;
}

/** The first `validationErrors` entry of a 422 (reference 1.2), mapped to what the page shows. */
export function pollRefusalOf(error: unknown): PollRefusal {
  if (!isApiError(error) || error.status !== 422) return { kind: 'failed' };
  const body = error.body as { validationErrors?: readonly ErrorDescriptor[] } | null;
  const first = Array.isArray(body?.validationErrors) ? body.validationErrors[0] : undefined;
  const code = typeof first?.code === 'string' ? first.code : '';
  if (PIN_MESSAGES[code]) return { kind: 'pin', message: PIN_MESSAGES[code] };
  if (code === 'not_found') return first?.fieldName === 'optionId' ? { kind: 'option' } : { kind: 'not-found' };
  return { kind: 'failed' };
}
