import Stripe from 'stripe';
import type { PaymentIntentEventType } from './payment-intent-ledger.js';
import { stripeId } from './stripe-ids.js';
import { stripeSignatureHeader } from './stripe-signature.js';

export interface StripeStandInEvent {
  readonly id: string;
  readonly type: PaymentIntentEventType;
  readonly paymentIntentId: string;
  /** The body as sent, byte for byte: the signature covers these bytes. */
  readonly payload: string;
  /** Every POST made with it (retries and resends included), in order. */
  readonly deliveries: readonly WebhookDelivery[];
}

export interface WebhookDelivery {
  readonly url: string;
  /** The endpoint's HTTP status, or null when it could not be reached (`error` says why). */
  readonly status: number | null;
  readonly error: string | null;
}

export interface WebhookDeliveries {
  readonly events: readonly StripeStandInEvent[];
  addEndpoint(url: string, secret: string): void;
  publish(type: PaymentIntentEventType, intent: Stripe.PaymentIntent): void;
  hold(): void;
  release(): Promise<void>;
  send(eventIds: readonly string[]): Promise<void>;
  delivered(): Promise<void>;
  stop(): Promise<void>;
}

/** Stripe retries for three days; here a few quick tries keep a test's failing endpoint from stalling the run. */
const retryDelaysMs = [100, 300, 900];

/**
 * Sends each event to every endpoint, signed with that endpoint's secret, and tries again on anything but a 2xx.
 * Deliveries run one at a time in the order asked (Stripe promises no order; a test that needs one asks for it
 * with `hold` and `send`), after the API call that caused them has answered, as Stripe's do.
 */
export function createWebhookDeliveries(): WebhookDeliveries {
  const endpoints: { url: string; secret: string }[] = [];
  const events: (StripeStandInEvent & { deliveries: WebhookDelivery[] })[] = [];
  let held: StripeStandInEvent[] | null = null;
  let stopped = false;
  let queue: Promise<void> = Promise.resolve();

  const enqueue = (event: StripeStandInEvent): Promise<void> => {
    const run = queue.then(() => deliver(event));
    queue = run.catch(() => undefined);
    return run;
  };

  async function deliver(event: StripeStandInEvent) {
    const record = events.find((e) => e.id === event.id);
    for (const endpoint of endpoints) {
      for (let attempt = 0; attempt <= retryDelaysMs.length && !stopped; attempt++) {
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, retryDelaysMs[attempt - 1]));
        const delivery = await post(endpoint, event.payload);
        record?.deliveries.push(delivery);
        if (delivery.status !== null && delivery.status >= 200 && delivery.status < 300) break;
      }
    }
  }

  const find = (id: string) => {
    const event = events.find((e) => e.id === id);
    if (!event) throw new Error(`no event ${id} was sent by the Stripe stand-in`);
    return event;
  };

  return {
    events,
    addEndpoint: (url, secret) => void endpoints.push({ url, secret }),
    publish(type, intent) {
      const id = stripeId('evt');
      const payload = JSON.stringify(
        {
          id,
          object: 'event',
          api_version: Stripe.API_VERSION,
          created: Math.floor(Date.now() / 1000),
          data: { object: intent },
          livemode: false,
          pending_webhooks: endpoints.length,
          request: { id: stripeId('req'), idempotency_key: null },
          type,
        },
        null,
        2,
      );
      const event = { id, type, paymentIntentId: intent.id, payload, deliveries: [] };
      events.push(event);
      if (held) held.push(event);
      // after the current answer is written, as Stripe's deliveries come after the call that caused them
      else setImmediate(() => void enqueue(event));
    },
    hold: () => void (held ??= []),
    async release() {
      const waiting = held ?? [];
      held = null;
      await Promise.all(waiting.map(enqueue));
    },
    async send(eventIds) {
      const chosen = eventIds.map(find);
      if (held) held = held.filter((event) => !eventIds.includes(event.id));
      for (const event of chosen) await enqueue(event);
    },
    async delivered() {
      // a delivery may have been scheduled (setImmediate) but not queued yet, or queued while we waited
      let waitedFor: Promise<void>;
      do {
        await new Promise((resolve) => setImmediate(resolve));
        waitedFor = queue;
        await waitedFor;
      } while (waitedFor !== queue);
    },
    async stop() {
      stopped = true;
      await queue;
    },
  };

  async function post(endpoint: { url: string; secret: string }, payload: string): Promise<WebhookDelivery> {
    try {
      const response = await fetch(endpoint.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
          'stripe-signature': stripeSignatureHeader(payload, endpoint.secret),
        },
        body: payload,
        signal: AbortSignal.timeout(5_000),
      });
      await response.arrayBuffer();
      return { url: endpoint.url, status: response.status, error: null };
    } catch (error) {
      return { url: endpoint.url, status: null, error: error instanceof Error ? error.message : String(error) };
    }
  }
}
