import type Stripe from 'stripe';

/** The `error` object of Stripe's answers, which stripe-node turns into its error classes by the HTTP status. */
export interface StripeErrorBody {
  readonly type: 'api_error' | 'card_error' | 'idempotency_error' | 'invalid_request_error';
  readonly message: string;
  readonly code?: string;
  readonly decline_code?: string;
  readonly param?: string;
  readonly doc_url?: string;
  readonly charge?: string;
  readonly payment_intent?: Stripe.PaymentIntent;
}

/**
 * An answer of the API that is an error. `replayable` says whether an idempotency key keeps it: Stripe saves the
 * result once the endpoint ran (a decline is replayed), not a request refused before (missing parameter, bad key).
 */
export class StripeErrorAnswer extends Error {
  constructor(
    readonly status: number,
    readonly error: StripeErrorBody,
    readonly replayable: boolean,
  ) {
    super(error.message);
  }
}

const docUrl = (code: string) => `https://stripe.com/docs/error-codes/${code.replaceAll('_', '-')}`;

export const invalidRequest = (message: string, details: { code?: string; param?: string } = {}) =>
  new StripeErrorAnswer(400, { type: 'invalid_request_error', message, ...details, ...(details.code ? { doc_url: docUrl(details.code) } : {}) }, false);

export const missingParam = (param: string) => invalidRequest(`Missing required param: ${param}.`, { code: 'parameter_missing', param });

export const noSuch = (kind: string, id: string, param: string) =>
  new StripeErrorAnswer(404, { type: 'invalid_request_error', code: 'resource_missing', doc_url: docUrl('resource_missing'), message: `No such ${kind}: '${id}'`, param }, false);

/** The PaymentIntent is not in a state the call needs (confirm a paid one, cancel a cancelled one). */
export const unexpectedState = (intent: Stripe.PaymentIntent, message: string) =>
  new StripeErrorAnswer(
    400,
    { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', doc_url: docUrl('payment_intent_unexpected_state'), message, payment_intent: intent },
    true,
  );

export const cardError = (intent: Stripe.PaymentIntent, decline: { code: string; declineCode: string | null; message: string }, charge: string) =>
  new StripeErrorAnswer(
    402,
    {
      type: 'card_error',
      code: decline.code,
      ...(decline.declineCode ? { decline_code: decline.declineCode } : {}),
      doc_url: docUrl(decline.code),
      message: decline.message,
      charge,
      payment_intent: intent,
    },
    true,
  );

export const authenticationError = (message: string) => new StripeErrorAnswer(401, { type: 'invalid_request_error', message }, false);
