import { createHmac } from 'node:crypto';

/**
 * The `Stripe-Signature` header of a webhook: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.payload" with the endpoint's
 * secret>` (docs.stripe.com/webhooks#verify-manually). Written with node:crypto rather than stripe-node's own
 * helper, so the adapter's verification is checked against the scheme, not against the SDK agreeing with itself.
 * A test passes an old `timestamp` to forge a replay.
 */
export function stripeSignatureHeader(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}
