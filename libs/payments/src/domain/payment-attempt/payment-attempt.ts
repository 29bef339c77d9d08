import type { AttemptStatus } from '@ticketing/payments/contracts';
import type { PaymentAttemptEvent, PaymentRequested } from './payment-attempt.events.js';

export interface PaymentAttempt {
  readonly status: AttemptStatus;
  readonly request: PaymentRequested['data'];
  readonly providerReference: string | null;
  readonly redirectUrl: string | null;
  /** Why it failed, for the buyer (`STEP_2_PAYMENT_PROCESSING_ERROR`'s argument). */
  readonly failure: { readonly code: string; readonly message: string } | null;
  /** Provider notifications already taken into account: the same one again changes nothing. */
  readonly notifications: ReadonlySet<string>;
  /** The order was paid with it (PaymentKept): never refunded as unneeded. */
  readonly kept: boolean;
  readonly refunded: boolean;
  readonly flagged: boolean;
}

export type PaymentAttemptState = { readonly status: 'NONE' } | PaymentAttempt;

export const initialPaymentAttemptState = (): PaymentAttemptState => ({ status: 'NONE' });

const noted = (state: PaymentAttempt, id: string | null): ReadonlySet<string> => (id === null ? state.notifications : new Set([...state.notifications, id]));

export function evolvePaymentAttempt(state: PaymentAttemptState, event: PaymentAttemptEvent): PaymentAttemptState {
  if (event.type === 'PaymentRequested') {
    return { status: 'REQUESTED', request: event.data, providerReference: null, redirectUrl: null, failure: null, notifications: new Set(), kept: false, refunded: false, flagged: false };
  }
  if (state.status === 'NONE') return state;
  switch (event.type) {
    case 'PaymentInitiated':
      return { ...state, status: state.status === 'REQUESTED' ? 'INITIATED' : state.status, providerReference: event.data.providerReference, redirectUrl: event.data.redirectUrl };
    case 'PaymentProcessing':
      return { ...state, status: 'PROCESSING', notifications: noted(state, event.data.notificationId) };
    case 'PaymentSucceeded':
      return { ...state, status: 'SUCCEEDED', providerReference: event.data.providerReference, failure: null, notifications: noted(state, event.data.notificationId) };
    case 'PaymentFailed':
      return { ...state, status: 'FAILED', failure: { code: event.data.code, message: event.data.message }, notifications: noted(state, event.data.notificationId) };
    case 'PaymentAbandoned':
      return { ...state, status: 'ABANDONED' };
    case 'PaymentAmountMismatched':
      return { ...state, status: 'MISMATCHED', flagged: true };
    case 'PaymentKept':
      return { ...state, kept: true };
    case 'PaymentRefunded':
      return { ...state, refunded: true };
    case 'PaymentFlagged':
      return { ...state, flagged: true };
  }
}

/** Nothing more can happen at the provider on our side: a new attempt may start. */
export const isSettled = (state: PaymentAttemptState) => state.status !== 'NONE' && ['SUCCEEDED', 'FAILED', 'ABANDONED', 'MISMATCHED'].includes(state.status);
