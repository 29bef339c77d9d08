import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { crc32 } from 'node:zlib';

/** An event as PayPal sends it (the parts the stand-in fills). */
export interface PayPalStandInEvent {
  readonly id: string;
  readonly create_time: string;
  readonly resource_type: string;
  readonly event_type: string;
  readonly summary: string;
  readonly resource: unknown;
  readonly event_version: '1.0';
  readonly resource_version: '2.0';
}

/** One delivery: what went to which endpoint and what it answered (0: unreachable). */
export interface PayPalWebhookDelivery {
  readonly eventId: string;
  readonly eventType: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  status: number | null;
}

export interface VerifyRequest {
  readonly auth_algo?: unknown;
  readonly cert_url?: unknown;
  readonly transmission_id?: unknown;
  readonly transmission_sig?: unknown;
  readonly transmission_time?: unknown;
  readonly webhook_id?: unknown;
  readonly webhook_event?: unknown;
}

const AUTH_ALGO = 'SHA256withRSA';

/**
 * PayPal's webhooks: each event goes to every registered endpoint with the transmission headers. PayPal signs
 * `transmissionId|time|webhookId|crc32(body)` with its certificate; the stand-in uses an HMAC with a key only it
 * holds, so its verify endpoint (like PayPal's) says SUCCESS exactly for an event it sent, unchanged, to that
 * webhook id, with the headers it sent. Deliveries are not retried (PayPal retries for days; `resend` stands in).
 */
export function paypalWebhooks(origin: () => string) {
  const key = randomBytes(32);
  const endpoints: { url: string; webhookId: string }[] = [];
  const events = new Map<string, PayPalStandInEvent>();
  const deliveries: PayPalWebhookDelivery[] = [];
  const inFlight = new Set<Promise<void>>();
  let held: PayPalStandInEvent[] | null = null;

  const certUrl = () => `${origin()}/v1/notifications/certs/CERT-stand-in`;
  const signature = (transmissionId: string, time: string, webhookId: string, body: string) =>
    createHmac('sha256', key).update(`${transmissionId}|${time}|${webhookId}|${crc32(body)}`).digest('base64');

  function deliver(event: PayPalStandInEvent): void {
    const body = JSON.stringify(event);
    for (const endpoint of endpoints) {
      const transmissionId = randomUUID();
      const time = new Date().toISOString();
      const headers = {
        'content-type': 'application/json',
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-time': time,
        'paypal-transmission-sig': signature(transmissionId, time, endpoint.webhookId, body),
        'paypal-cert-url': certUrl(),
        'paypal-auth-algo': AUTH_ALGO,
      };
      const delivery: PayPalWebhookDelivery = { eventId: event.id, eventType: event.event_type, url: endpoint.url, headers, body, status: null };
      deliveries.push(delivery);
      const sending = fetch(endpoint.url, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) })
        .then(async (response) => {
          await response.arrayBuffer();
          delivery.status = response.status;
        })
        .catch(() => void (delivery.status = 0))
        .finally(() => inFlight.delete(sending));
      inFlight.add(sending);
    }
  }

  async function delivered(): Promise<void> {
    while (inFlight.size > 0) await Promise.all([...inFlight]);
  }

  return {
    deliveries,
    delivered,
    addEndpoint(url: string, webhookId: string): void {
      endpoints.push({ url, webhookId });
    },
    emit(eventType: string, resourceType: string, summary: string, resource: unknown): PayPalStandInEvent {
      const event: PayPalStandInEvent = {
        id: `WH-${randomUUID()}`,
        create_time: new Date().toISOString(),
        resource_type: resourceType,
        event_type: eventType,
        summary,
        resource,
        event_version: '1.0',
        resource_version: '2.0',
      };
      events.set(event.id, event);
      if (held) held.push(event);
      else deliver(event);
      return event;
    },
    hold(): void {
      held ??= [];
    },
    async release(): Promise<void> {
      const queued = held ?? [];
      held = null;
      queued.forEach(deliver);
      await delivered();
    },
    /** Sends an event again, as the dashboard's "Resend" does: same event id, new transmission. */
    async resend(eventId: string): Promise<void> {
      const event = events.get(eventId);
      if (!event) throw new Error(`no event ${eventId}`);
      deliver(event);
      await delivered();
    },
    verify(request: VerifyRequest): 'SUCCESS' | 'FAILURE' {
      const { transmission_id: id, transmission_time: time, transmission_sig: sig, webhook_id: webhookId } = request;
      if (request.auth_algo !== AUTH_ALGO || request.cert_url !== certUrl()) return 'FAILURE';
      if (typeof id !== 'string' || typeof time !== 'string' || typeof sig !== 'string' || typeof webhookId !== 'string') return 'FAILURE';
      const expected = Buffer.from(signature(id, time, webhookId, JSON.stringify(request.webhook_event)));
      const given = Buffer.from(sig);
      return expected.length === given.length && timingSafeEqual(expected, given) ? 'SUCCESS' : 'FAILURE';
    },
  };
}
