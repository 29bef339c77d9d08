import { WebhookRejected, type IncomingNotification, type ProviderNotification, type ProviderStatus } from '../payment-provider.js';
import { unavailable, type PayPalApi } from './paypal-api.client.js';
import { statusOfCapture, type PayPalCapture } from './paypal-order.status.js';

interface PayPalEvent {
  readonly id: string;
  readonly event_type: string;
  /** A capture (PAYMENT.CAPTURE.*) or an order (CHECKOUT.ORDER.*): both name our attempt in `custom_id`. */
  readonly resource?: PayPalCapture & { readonly id?: string; readonly custom_id?: string; readonly purchase_units?: readonly { readonly custom_id?: string }[] };
}

const transmissionHeaders = {
  transmission_id: 'paypal-transmission-id',
  transmission_time: 'paypal-transmission-time',
  transmission_sig: 'paypal-transmission-sig',
  cert_url: 'paypal-cert-url',
  auth_algo: 'paypal-auth-algo',
} as const;

/**
 * A PayPal webhook is trusted once PayPal itself says it signed it (`verify-webhook-signature`, with the webhook
 * id of this account): the adapter holds no certificate. PayPal computes the signature's CRC32 over the event as
 * it serialises it, so the event goes back parsed, not as bytes.
 */
export function paypalNotifications(api: PayPalApi, webhookId: string, check: (orderId: string) => Promise<ProviderStatus>) {
  async function verify(notification: IncomingNotification): Promise<ProviderNotification | null> {
    const headers: Record<string, string> = {};
    for (const [field, name] of Object.entries(transmissionHeaders)) {
      const value = header(notification.headers, name);
      if (!value) throw new WebhookRejected(`missing ${name}`);
      headers[field] = value;
    }
    const event = parseEvent(notification.rawBody);
    const answer = await api.call<{ verification_status?: string }>('POST', '/v1/notifications/verify-webhook-signature', {
      body: { ...headers, webhook_id: webhookId, webhook_event: event },
    });
    if (!answer.ok && answer.status === 400) throw new WebhookRejected(`PayPal refused to verify it (${answer.error.name ?? 'INVALID_REQUEST'})`);
    if (!answer.ok) throw unavailable('verify webhook signature', answer);
    if (answer.body.verification_status !== 'SUCCESS') throw new WebhookRejected(`signature ${answer.body.verification_status ?? 'not verified'}`);
    return notificationOf(event);
  }

  async function notificationOf(event: PayPalEvent): Promise<ProviderNotification | null> {
    const resource = event.resource;
    switch (event.event_type) {
      // The buyer approved: capture now rather than wait for the browser to come back (it may never), but only an
      // order of ours (its custom_id our attempt's id, checked by the caller before it asks for the status): the
      // account may take orders elsewhere too (its web shop), which are not ours to capture.
      case 'CHECKOUT.ORDER.APPROVED': {
        const orderId = resource?.id;
        const attemptId = resource?.purchase_units?.[0]?.custom_id;
        return orderId && attemptId ? { eventId: event.id, providerReference: orderId, attemptId, status: () => check(orderId) } : null;
      }
      case 'PAYMENT.CAPTURE.COMPLETED':
      case 'PAYMENT.CAPTURE.PENDING': {
        const orderId = resource?.supplementary_data?.related_ids?.order_id;
        const attemptId = resource?.custom_id;
        const status = statusOfCapture(resource);
        return orderId && attemptId && status ? { eventId: event.id, providerReference: orderId, attemptId, status } : null;
      }
      case 'PAYMENT.CAPTURE.DENIED': {
        const orderId = resource?.supplementary_data?.related_ids?.order_id;
        const attemptId = resource?.custom_id;
        const code = resource?.status_details?.reason ?? 'CAPTURE_DENIED';
        return orderId && attemptId ? { eventId: event.id, providerReference: orderId, attemptId, status: { kind: 'failed', code, message: 'PayPal declined the payment.' } } : null;
      }
      default:
        return null;
    }
  }

  return { verify };
}

function header(headers: IncomingNotification['headers'], name: string): string | undefined {
  const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === name)?.[1];
  return Array.isArray(entry) ? entry[0] : entry;
}

function parseEvent(rawBody: Buffer): PayPalEvent {
  let event: unknown;
  try {
    event = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new WebhookRejected('body is not JSON');
  }
  const e = event as Partial<PayPalEvent> | null;
  if (!e || typeof e !== 'object' || typeof e.id !== 'string' || typeof e.event_type !== 'string') throw new WebhookRejected('not a PayPal event');
  return e as PayPalEvent;
}
