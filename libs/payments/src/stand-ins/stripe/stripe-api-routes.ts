import type { IncomingHttpHeaders } from 'node:http';
import type { PaymentIntentLedger } from './payment-intent-ledger.js';
import { authenticationError, invalidRequest, StripeErrorAnswer } from './stripe-error.js';
import { textAt, type FormObject } from './stripe-form.js';

/** Who calls: the server with its secret key, or the browser (Stripe.js) with the publishable key and a client secret. */
export interface Caller {
  readonly key: string;
  readonly secret: boolean;
}

/**
 * The key of a request, as Stripe reads it: `Authorization: Bearer` (stripe-node), Basic (curl -u), or the `key`
 * form field Stripe.js posts from the browser. Test-mode keys only: the stand-in never takes money.
 */
export function callerOf(headers: IncomingHttpHeaders, form: FormObject): Caller {
  const authorization = headers.authorization ?? '';
  const bearer = /^Bearer\s+(\S+)$/i.exec(authorization)?.[1];
  const basic = /^Basic\s+(\S+)$/i.exec(authorization)?.[1];
  const key = bearer ?? (basic ? Buffer.from(basic, 'base64').toString('utf8').replace(/:$/, '') : undefined) ?? textAt(form, 'key');
  if (!key) {
    throw authenticationError(
      "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
    );
  }
  if (/^(sk|rk)_test_\w+$/.test(key)) return { key, secret: true };
  if (/^pk_test_\w+$/.test(key)) return { key, secret: false };
  throw authenticationError(`Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`);
}

const secretOnly = (caller: Caller) => {
  if (!caller.secret) throw authenticationError('This API call cannot be made with a publishable API key. Please use a secret API key.');
};

/** A browser may read or confirm a PaymentIntent only with its client secret, as Stripe.js does. */
const secretOrClientSecret = (caller: Caller, form: FormObject, ledger: PaymentIntentLedger, id: string) => {
  if (caller.secret) return;
  const clientSecret = textAt(form, 'client_secret');
  if (clientSecret === undefined) throw invalidRequest('Missing required param: client_secret.', { code: 'parameter_missing', param: 'client_secret' });
  if (ledger.find(id).client_secret !== clientSecret) {
    throw invalidRequest('The client_secret provided does not match the client_secret associated with the PaymentIntent.', { param: 'client_secret' });
  }
};

/** The subset of Stripe's REST API the adapter and the storefront's test card form use. */
export function routeStripeApi(method: string, path: string, caller: Caller, form: FormObject, ledger: PaymentIntentLedger): unknown {
  if (method === 'POST' && path === '/v1/payment_intents') {
    secretOnly(caller);
    return ledger.create(form);
  }
  if (method === 'POST' && path === '/v1/refunds') {
    secretOnly(caller);
    return ledger.refund(form);
  }
  const [, id, action] = /^\/v1\/payment_intents\/([^/]+)(?:\/(confirm|cancel))?$/.exec(path) ?? [];
  if (id !== undefined && method === 'GET' && action === undefined) {
    secretOrClientSecret(caller, form, ledger, id);
    return ledger.find(id);
  }
  if (id !== undefined && method === 'POST' && action === 'confirm') {
    secretOrClientSecret(caller, form, ledger, id);
    return ledger.confirm(id, form);
  }
  if (id !== undefined && method === 'POST' && action === 'cancel') {
    secretOnly(caller);
    return ledger.cancel(id, form);
  }
  throw new StripeErrorAnswer(
    404,
    { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}). The Stripe stand-in speaks only the calls the adapter makes.` },
    false,
  );
}
