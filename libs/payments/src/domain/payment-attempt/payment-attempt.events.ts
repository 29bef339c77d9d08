import type { DomainEvent } from '@ticketing/kernel';
import type { OnlineMethod, OnlineProxy, RefundReason } from '@ticketing/payments/contracts';

/**
 * Events of a `payment-{attemptId}` stream: one attempt to take an order's money through a provider. A retry
 * after a declined card is a new attempt (its own stream, its own idempotency key), so an auditor replays every
 * try of an order, each with its amounts and the provider's reference.
 */

/** We asked a provider for the order's money. */
export type PaymentRequested = DomainEvent<
  'PaymentRequested',
  {
    readonly attemptId: string;
    readonly reservationId: string;
    /** `event` or `subscription`, and its public identifier: where the order belongs. */
    readonly purchaseContextType: 'event' | 'subscription';
    readonly purchaseContextId: string;
    /** Whose provider account takes the money. */
    readonly organizer: string;
    readonly proxy: OnlineProxy;
    readonly method: OnlineMethod;
    /** Integer minor units, and the currency: what the order costs when the attempt starts. */
    readonly amount: number;
    readonly currency: string;
    /** Sent with the provider call; unique per attempt. */
    readonly idempotencyKey: string;
  }
>;

/** The provider took the request: its reference, and a redirect page for redirect methods. */
export type PaymentInitiated = DomainEvent<
  'PaymentInitiated',
  { readonly attemptId: string; readonly providerReference: string; readonly redirectUrl: string | null }
>;

/** The buyer is done, the provider still confirms (alf.io's WAITING_EXTERNAL_CONFIRMATION). */
export type PaymentProcessing = DomainEvent<'PaymentProcessing', { readonly attemptId: string; readonly notificationId: string | null }>;

/**
 * The provider took the money, in the amount and currency of the order. `notificationId`: the provider's
 * webhook event id, or null when our own check found it (force-check, recovery).
 */
export type PaymentSucceeded = DomainEvent<
  'PaymentSucceeded',
  { readonly attemptId: string; readonly providerReference: string; readonly amount: number; readonly currency: string; readonly notificationId: string | null }
>;

/** Declined or failed at the provider; `code` is the provider's (`card_declined`), `message` its words for the buyer. */
export type PaymentFailed = DomainEvent<
  'PaymentFailed',
  { readonly attemptId: string; readonly code: string; readonly message: string; readonly notificationId: string | null }
>;

/**
 * Left unfinished: the buyer cancelled it (DELETE payment), started another one, cancelled it at the provider,
 * or the order's time ran out. `cancelledAtProvider`: the provider had cancelled it when this was recorded (its own
 * cancel); an abandon of ours is recorded before we ask the provider to cancel, so it says false and the
 * provider's cancel that follows changes nothing.
 */
export type PaymentAbandoned = DomainEvent<
  'PaymentAbandoned',
  { readonly attemptId: string; readonly reason: AbandonReason; readonly cancelledAtProvider: boolean }
>;
export type AbandonReason = 'BUYER' | 'NEW_ATTEMPT' | 'PROVIDER_CANCELLED' | 'EXPIRED';

/**
 * The provider reports money taken that is not the order's amount or currency: never completes the order,
 * left to the organizer.
 */
export type PaymentAmountMismatched = DomainEvent<
  'PaymentAmountMismatched',
  { readonly attemptId: string; readonly expectedAmount: number; readonly expectedCurrency: string; readonly reportedAmount: number; readonly reportedCurrency: string }
>;

/**
 * The money paid the order it was asked for: the order took it (completed with it), so it is never refunded as
 * unneeded. Until it is recorded (or PaymentRefunded), money taken is the follow-up sweep's to settle.
 */
export type PaymentKept = DomainEvent<'PaymentKept', { readonly attemptId: string; readonly reservationId: string }>;

/** Money the order did not take went back to the buyer, and why (`reason`: DUPLICATE in every event before 2026-11-28). */
export type PaymentRefunded = DomainEvent<
  'PaymentRefunded',
  { readonly attemptId: string; readonly amount: number; readonly currency: string; readonly refundReference: string; readonly reason: RefundReason }
>;

/**
 * Something the organizer must look at: money the order did not take that the provider would not refund
 * (`refundReason` why it was to go back). Each refused try is recorded (`detail` the provider's words): the
 * follow-up sweep tries again later, each time waiting longer. Events before 2026-11-28 say DUPLICATE_NOT_REFUNDED
 * and no refundReason (every refund was then called a duplicate's).
 */
export type PaymentFlagged = DomainEvent<
  'PaymentFlagged',
  { readonly attemptId: string; readonly reason: 'REFUND_REFUSED' | 'DUPLICATE_NOT_REFUNDED'; readonly refundReason?: RefundReason; readonly detail: string }
>;

export type PaymentAttemptEvent =
  | PaymentRequested
  | PaymentInitiated
  | PaymentProcessing
  | PaymentSucceeded
  | PaymentFailed
  | PaymentAbandoned
  | PaymentAmountMismatched
  | PaymentKept
  | PaymentRefunded
  | PaymentFlagged;

export const paymentAttemptEventTypes: readonly PaymentAttemptEvent['type'][] = [
  'PaymentRequested',
  'PaymentInitiated',
  'PaymentProcessing',
  'PaymentSucceeded',
  'PaymentFailed',
  'PaymentAbandoned',
  'PaymentAmountMismatched',
  'PaymentKept',
  'PaymentRefunded',
  'PaymentFlagged',
];

export const paymentAttemptStreamId = (attemptId: string) => `payment-${attemptId}`;
