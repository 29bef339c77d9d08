import type { EventStore, EventToAppend } from '@ticketing/event-store';
import type { EventMetadata } from '@ticketing/kernel';
import { evolvePaymentAttempt, initialPaymentAttemptState, paymentAttemptStreamId, type PaymentAttemptEvent, type PaymentAttemptState } from '@ticketing/payments/domain';
import type { PaymentAttemptView } from '@ticketing/payments/contracts';

export interface LoadedAttempt {
  readonly state: PaymentAttemptState;
  readonly revision: number | 'no_stream';
}

export async function loadAttempt(store: EventStore, attemptId: string): Promise<LoadedAttempt> {
  const recorded = await store.readStream(paymentAttemptStreamId(attemptId));
  const state = recorded.reduce((s, e) => evolvePaymentAttempt(s, { type: e.type, data: e.data } as PaymentAttemptEvent), initialPaymentAttemptState());
  return { state, revision: recorded.at(-1)?.revision ?? 'no_stream' };
}

export const attemptToLog = (event: PaymentAttemptEvent, metadata: EventMetadata): EventToAppend => ({
  type: event.type,
  data: { ...event.data } as Record<string, unknown>,
  metadata,
});

export function viewOf(state: PaymentAttemptState): PaymentAttemptView | null {
  if (state.status === 'NONE') return null;
  const { request } = state;
  return {
    attemptId: request.attemptId,
    reservationId: request.reservationId,
    proxy: request.proxy,
    method: request.method,
    status: state.status,
    amount: request.amount,
    currency: request.currency,
    providerReference: state.providerReference,
    redirectUrl: state.redirectUrl,
    failure: state.failure,
  };
}
