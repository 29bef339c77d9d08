import { viesQuery, type VatCheckStatus } from '@ticketing/sales/domain';

/** What a check can tell: VIES knows the number, does not, or could not be asked. */
export type EuVatCheckOutcome = Exclude<VatCheckStatus, 'NOT_CHECKED'>;

export interface EuVatCheckerOptions {
  /** An endpoint speaking the VIES REST API's `check-vat-number` (POST, JSON in and out). */
  readonly url: string;
  /** Give up after this long (default 3 s): the buyer is waiting on the booking step. */
  readonly timeoutMs?: number;
}

/** The real one. */
export const VIES_CHECK_VAT_URL = 'https://ec.europa.eu/taxation_customs/vies/rest-api/check-vat-number';
const DEFAULT_TIMEOUT_MS = 3000;

/** VIES answers these (in `userError`) when a member state's register, or VIES itself, cannot be reached. */
const UNAVAILABLE_ERRORS = new Set(['MS_UNAVAILABLE', 'MS_MAX_CONCURRENT_REQ', 'GLOBAL_MAX_CONCURRENT_REQ', 'SERVICE_UNAVAILABLE', 'TIMEOUT']);

interface ViesAnswer {
  readonly valid?: unknown;
  /** The GET flavour of the API names it so. */
  readonly isValid?: unknown;
  readonly userError?: unknown;
  /** Failures of the REST layer: `[{ error: 'INVALID_INPUT' }]` for a malformed number. */
  readonly errorWrappers?: readonly { readonly error?: unknown }[];
}

function outcomeOf(answer: ViesAnswer): EuVatCheckOutcome {
  if (typeof answer.userError === 'string' && UNAVAILABLE_ERRORS.has(answer.userError)) return 'UNAVAILABLE';
  const errors = (answer.errorWrappers ?? []).map((w) => w.error);
  if (errors.length > 0) return errors.every((e) => e === 'INVALID_INPUT') ? 'INVALID' : 'UNAVAILABLE';
  const valid = answer.valid ?? answer.isValid;
  if (valid === true) return 'VALID';
  if (valid === false) return 'INVALID';
  return 'UNAVAILABLE';
}

/**
 * Asks VIES whether an EU VAT number is registered (reference 3.3 item 20: the EU reverse-charge check). Never
 * throws: a network failure, a 5xx, a malformed answer or a timeout is UNAVAILABLE, which the booking rules
 * report as `error.vatVIESDown` so the buyer can retry.
 */
export class EuVatChecker {
  private readonly timeoutMs: number;

  constructor(private readonly options: EuVatCheckerOptions) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  }

  /** `countryCode`: the billing country (ISO, `GR` or `EL` for Greece); `vatNumber` as typed, prefix or not. */
  async check(countryCode: string, vatNumber: string): Promise<EuVatCheckOutcome> {
    const query = viesQuery(countryCode, vatNumber);
    if (!/^[A-Z]{2}$/.test(query.countryCode) || query.vatNumber === '') return 'INVALID';
    try {
      const response = await fetch(this.options.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(query),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      const answer = await response.json().catch(() => null);
      if (answer === null || typeof answer !== 'object') return 'UNAVAILABLE';
      // a 400 still says INVALID_INPUT in its body; anything else not 2xx is VIES being unwell
      if (!response.ok && response.status !== 400) return 'UNAVAILABLE';
      return outcomeOf(answer as ViesAnswer);
    } catch {
      return 'UNAVAILABLE';
    }
  }
}
