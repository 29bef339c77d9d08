import { setTimeout as sleep } from 'node:timers/promises';
import type { MollieStatus } from './mollie-resources.js';

/** One webhook call as Mollie makes it: `id=tr_...` posted form-encoded, tried again while it is not answered 2xx. */
export interface MollieNotification {
  readonly paymentId: string;
  readonly url: string;
  /** The payment's status when the call was made (the body carries only the id). */
  readonly paymentStatus: MollieStatus;
  /** Each attempt's HTTP status, or its network error. */
  readonly attempts: (number | string)[];
  delivered: boolean;
}

export interface WebhookSender {
  readonly notifications: readonly MollieNotification[];
  send(paymentId: string, url: string, paymentStatus: MollieStatus): void;
  hold(): void;
  release(): Promise<void>;
  /** Resolves when every call not held has been delivered or has run out of attempts. */
  flush(): Promise<void>;
  close(): void;
}

/** Mollie tries a webhook ten times over 26 hours; the stand-in a few times, `retryDelayMs` apart. */
export function webhookSender(attempts: number, retryDelayMs: number): WebhookSender {
  const notifications: MollieNotification[] = [];
  const inFlight = new Set<Promise<void>>();
  let held: MollieNotification[] | null = null;
  let closed = false;

  async function post(notification: MollieNotification): Promise<void> {
    for (let attempt = 0; attempt < attempts && !closed; attempt++) {
      if (attempt > 0) await sleep(retryDelayMs);
      try {
        const response = await fetch(notification.url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': 'Mollie.nl HTTP client/1.0 (stand-in)' },
          body: new URLSearchParams({ id: notification.paymentId }).toString(),
          redirect: 'manual',
          signal: AbortSignal.timeout(5_000),
        });
        await response.arrayBuffer();
        notification.attempts.push(response.status);
        if (response.ok) return void (notification.delivered = true);
      } catch (error) {
        notification.attempts.push(error instanceof Error ? error.message : String(error));
      }
    }
  }

  function deliver(notification: MollieNotification): void {
    const call = post(notification).finally(() => inFlight.delete(call));
    inFlight.add(call);
  }

  async function flush(): Promise<void> {
    while (inFlight.size > 0) await Promise.all([...inFlight]);
  }

  return {
    notifications,
    send(paymentId, url, paymentStatus) {
      const notification: MollieNotification = { paymentId, url, paymentStatus, attempts: [], delivered: false };
      notifications.push(notification);
      if (held) held.push(notification);
      else deliver(notification);
    },
    hold() {
      held ??= [];
    },
    release() {
      const queued = held ?? [];
      held = null;
      queued.forEach(deliver);
      return flush();
    },
    flush,
    close() {
      closed = true;
    },
  };
}
