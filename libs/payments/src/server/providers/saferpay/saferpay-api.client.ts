import { createHash, randomUUID } from 'node:crypto';
import { ProviderUnavailable } from '../payment-provider.js';

/** The version of the JSON API this adapter was written against (saferpay.github.io/jsonapi/1.40). */
export const SPEC_VERSION = '1.40';

export interface SaferpayConnection {
  readonly customerId: string;
  readonly username: string;
  readonly password: string;
  /** https://test.saferpay.com/api, https://www.saferpay.com/api, or a stand-in's. */
  readonly apiBase: string;
  readonly timeoutMs: number;
}

/** Saferpay's error message: `ErrorName` is stable and parsed, `ErrorMessage` is for people. */
export interface SaferpayError {
  readonly Behavior?: string;
  readonly ErrorName: string;
  readonly ErrorMessage?: string;
  readonly ErrorDetail?: readonly string[];
  readonly TransactionId?: string;
}

export type SaferpayAnswer<T> = { readonly ok: true; readonly body: T } | { readonly ok: false; readonly status: number; readonly error: SaferpayError };

export interface SaferpayApi {
  /** `requestId` makes the call idempotent at Saferpay: give the same one to repeat the same request. */
  post<T>(path: string, requestId: string, body: Record<string, unknown>): Promise<SaferpayAnswer<T>>;
}

export const unavailable = (what: string, answer?: { status: number; error: SaferpayError }): ProviderUnavailable =>
  new ProviderUnavailable('SAFERPAY', new Error(answer ? `${what}: HTTP ${answer.status} ${answer.error.ErrorName} ${answer.error.ErrorMessage ?? ''}`.trim() : what));

/**
 * Saferpay's RequestId is an Id[1..50] (letters, digits, `.:-_`). A key that fits is sent as it is, readable in
 * Saferpay's logs; any other is hashed, so that the same key still gives the same RequestId.
 */
export function requestIdFor(key: string): string {
  return /^[A-Za-z0-9.:_-]{1,50}$/.test(key) ? key : createHash('sha256').update(key).digest('base64url');
}

/** A read (Assert) is never a repeat of an earlier one. */
export const freshRequestId = (): string => randomUUID();

/**
 * The JSON API over fetch with basic authentication: every body carries the RequestHeader. Network failures,
 * timeouts, 5xx and answers that are not Saferpay's JSON throw ProviderUnavailable; an error message Saferpay
 * sends (4xx with ErrorName) is handed back for the caller to read.
 */
export function saferpayApi(connection: SaferpayConnection): SaferpayApi {
  const authorization = `Basic ${Buffer.from(`${connection.username}:${connection.password}`).toString('base64')}`;
  const base = connection.apiBase.replace(/\/+$/, '');
  return {
    async post<T>(path: string, requestId: string, body: Record<string, unknown>): Promise<SaferpayAnswer<T>> {
      const payload = { RequestHeader: { SpecVersion: SPEC_VERSION, CustomerId: connection.customerId, RequestId: requestId, RetryIndicator: 0 }, ...body };
      let response: Response;
      try {
        response = await fetch(`${base}${path}`, {
          method: 'POST',
          headers: { authorization, 'content-type': 'application/json; charset=utf-8', accept: 'application/json' },
          body: JSON.stringify(payload),
          signal: AbortSignal.timeout(connection.timeoutMs),
        });
      } catch (error) {
        throw new ProviderUnavailable('SAFERPAY', error);
      }
      const text = await response.text().catch(() => '');
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        throw unavailable(`${path}: HTTP ${response.status} answered with a body that is not JSON`);
      }
      if (response.status === 200) return { ok: true, body: json as T };
      const error = json as Partial<SaferpayError> | null;
      if (response.status < 500 && typeof error?.ErrorName === 'string') return { ok: false, status: response.status, error: error as SaferpayError };
      throw unavailable(`${path}: HTTP ${response.status}`);
    },
  };
}
