import type Stripe from 'stripe';
import { cardError, invalidRequest, missingParam, noSuch, unexpectedState } from './stripe-error.js';
import { objectAt, textAt, type FormObject } from './stripe-form.js';
import { stripeId } from './stripe-ids.js';
import { outcomeOfCardNumber, testTokens, type CardOutcome, type Decline } from './test-cards.js';

/** The events Stripe sends as a PaymentIntent moves (docs.stripe.com/api/events/types). */
export type PaymentIntentEventType =
  | 'payment_intent.created'
  | 'payment_intent.requires_action'
  | 'payment_intent.processing'
  | 'payment_intent.succeeded'
  | 'payment_intent.payment_failed'
  | 'payment_intent.canceled';

/** What a test may make the provider do on its own, as Stripe does later for a payment in `processing`. */
export type PaymentIntentOutcome = 'processing' | 'succeeded' | 'failed' | 'canceled';

export interface PaymentIntentLedger {
  readonly intents: ReadonlyMap<string, Stripe.PaymentIntent>;
  readonly refunds: readonly Stripe.Refund[];
  create(form: FormObject): Stripe.PaymentIntent;
  find(id: string): Stripe.PaymentIntent;
  confirm(id: string, form: FormObject): Stripe.PaymentIntent;
  cancel(id: string, form: FormObject): Stripe.PaymentIntent;
  /** The buyer's answer on the 3-D Secure page; a second answer changes nothing (the page posted twice). */
  authenticate(id: string, passed: boolean): Stripe.PaymentIntent;
  advance(id: string, outcome: PaymentIntentOutcome): Stripe.PaymentIntent;
  refund(form: FormObject): Stripe.Refund;
  returnUrlOf(id: string): string | null;
}

interface LedgerConfig {
  /** The challenge page the buyer is sent to (`next_action.redirect_to_url.url`). */
  readonly threeDSecureUrl: (intentId: string, returnUrl: string | null) => string;
  /** Called with a copy of the PaymentIntent each time it moves: the stand-in sends it as a webhook. */
  readonly changed: (type: PaymentIntentEventType, intent: Stripe.PaymentIntent) => void;
}

const cancellable = ['requires_payment_method', 'requires_capture', 'requires_confirmation', 'requires_action', 'processing'];
const cancellationReasons = ['duplicate', 'fraudulent', 'requested_by_customer', 'abandoned'] as const;
const authenticationFailure = {
  code: 'payment_intent_authentication_failure',
  message: 'The provided PaymentMethod has failed authentication. You can provide payment_method_data or a new PaymentMethod to attempt to fulfill this PaymentIntent again.',
};
const now = () => Math.floor(Date.now() / 1000);
const copy = <T>(value: T): T => structuredClone(value);

/**
 * PaymentIntents as Stripe keeps them: created `requires_payment_method`, confirmed with a card that succeeds,
 * declines (back to `requires_payment_method` with `last_payment_error`) or asks for 3-D Secure (`requires_action`
 * with a redirect), cancelled while open, refunded once paid. Each call answers a copy, as JSON over the wire would.
 */
export function createPaymentIntentLedger(config: LedgerConfig): PaymentIntentLedger {
  const intents = new Map<string, Stripe.PaymentIntent>();
  const returnUrls = new Map<string, string | null>();
  const refunded = new Map<string, number>();
  const refunds: Stripe.Refund[] = [];

  const find = (id: string) => {
    const intent = intents.get(id);
    if (!intent) throw noSuch('payment_intent', id, 'intent');
    return intent;
  };
  const move = (intent: Stripe.PaymentIntent, type: PaymentIntentEventType) => config.changed(type, copy(intent));

  function succeed(intent: Stripe.PaymentIntent) {
    Object.assign(intent, { status: 'succeeded', amount_received: intent.amount, latest_charge: stripeId('ch'), next_action: null, last_payment_error: null });
    move(intent, 'payment_intent.succeeded');
  }

  function fail(intent: Stripe.PaymentIntent, error: Stripe.PaymentIntent.LastPaymentError) {
    Object.assign(intent, { status: 'requires_payment_method', last_payment_error: error, next_action: null, payment_method: null });
    move(intent, 'payment_intent.payment_failed');
  }

  function decline(intent: Stripe.PaymentIntent, decline: Decline) {
    const charge = stripeId('ch');
    fail(intent, {
      type: 'card_error',
      code: decline.code,
      ...(decline.declineCode ? { decline_code: decline.declineCode } : {}),
      message: decline.message,
      charge,
    });
    return cardError(copy(intent), decline, charge);
  }

  function create(form: FormObject): Stripe.PaymentIntent {
    const amount = textAt(form, 'amount');
    if (amount === undefined) throw missingParam('amount');
    if (!/^\d+$/.test(amount) || Number(amount) < 1) throw invalidRequest(`Invalid integer: ${amount}`, { code: 'parameter_invalid_integer', param: 'amount' });
    const currency = textAt(form, 'currency');
    if (currency === undefined) throw missingParam('currency');
    if (!/^[a-z]{3}$/i.test(currency)) throw invalidRequest(`Invalid currency: ${currency}.`, { param: 'currency' });
    refuseUnchargeable(Number(amount), currency);
    const methodTypes = allowedMethodTypes(form);
    const metadata = Object.fromEntries(Object.entries(objectAt(form, 'metadata') ?? {}).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    const id = stripeId('pi');
    const intent: Stripe.PaymentIntent = {
      id,
      object: 'payment_intent',
      allowed_payment_method_types: methodTypes,
      amount: Number(amount),
      amount_capturable: 0,
      amount_received: 0,
      application: null,
      application_fee_amount: null,
      automatic_payment_methods: null,
      canceled_at: null,
      cancellation_reason: null,
      capture_method: 'automatic',
      client_secret: `${id}_secret_${stripeId('s').slice(2)}`,
      confirmation_method: 'automatic',
      created: now(),
      currency: currency.toLowerCase(),
      customer: null,
      customer_account: null,
      description: textAt(form, 'description') ?? null,
      excluded_payment_method_types: null,
      last_payment_error: null,
      latest_charge: null,
      livemode: false,
      managed_payments: null,
      metadata,
      next_action: null,
      on_behalf_of: null,
      payment_method: null,
      payment_method_configuration_details: null,
      payment_method_options: null,
      payment_method_types: methodTypes,
      payment_record: null,
      processing: null,
      receipt_email: textAt(form, 'receipt_email') ?? null,
      review: null,
      setup_future_usage: null,
      shipping: null,
      source: null,
      statement_descriptor: null,
      statement_descriptor_suffix: null,
      status: 'requires_payment_method',
      transfer_group: null,
    };
    intents.set(id, intent);
    returnUrls.set(id, textAt(form, 'return_url') ?? null);
    move(intent, 'payment_intent.created');
    return textAt(form, 'confirm') === 'true' ? confirm(id, form) : copy(intent);
  }

  function confirm(id: string, form: FormObject): Stripe.PaymentIntent {
    const intent = find(id);
    if (intent.status !== 'requires_payment_method' && intent.status !== 'requires_confirmation') {
      throw unexpectedState(copy(intent), `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`);
    }
    const outcome = cardOutcome(form);
    const returnUrl = textAt(form, 'return_url') ?? returnUrls.get(id) ?? null;
    returnUrls.set(id, returnUrl);
    Object.assign(intent, { payment_method: stripeId('pm'), last_payment_error: null });
    if (outcome.kind === 'declined') throw decline(intent, outcome.decline);
    if (outcome.kind === 'succeeds') {
      succeed(intent);
    } else {
      intent.status = 'requires_action';
      intent.next_action = { type: 'redirect_to_url', redirect_to_url: { url: config.threeDSecureUrl(id, returnUrl), return_url: returnUrl } };
      move(intent, 'payment_intent.requires_action');
    }
    return copy(intent);
  }

  function cancel(id: string, form: FormObject): Stripe.PaymentIntent {
    const intent = find(id);
    if (!cancellable.includes(intent.status)) {
      throw unexpectedState(
        copy(intent),
        `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${cancellable.join(', ')}.`,
      );
    }
    const reason = cancellationReasons.find((r) => r === textAt(form, 'cancellation_reason')) ?? null;
    Object.assign(intent, { status: 'canceled', canceled_at: now(), cancellation_reason: reason, next_action: null });
    move(intent, 'payment_intent.canceled');
    return copy(intent);
  }

  function authenticate(id: string, passed: boolean): Stripe.PaymentIntent {
    const intent = find(id);
    if (intent.status === 'requires_action') {
      if (passed) succeed(intent);
      else fail(intent, { type: 'invalid_request_error', ...authenticationFailure });
    }
    return copy(intent);
  }

  function advance(id: string, outcome: PaymentIntentOutcome): Stripe.PaymentIntent {
    const intent = find(id);
    if (outcome === 'succeeded') succeed(intent);
    else if (outcome === 'failed') decline(intent, { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' });
    else if (outcome === 'canceled') cancel(id, {});
    else {
      Object.assign(intent, { status: 'processing', next_action: null });
      move(intent, 'payment_intent.processing');
    }
    return copy(intent);
  }

  function refund(form: FormObject): Stripe.Refund {
    const intentId = textAt(form, 'payment_intent');
    if (intentId === undefined) throw missingParam('payment_intent');
    const intent = intents.get(intentId);
    if (!intent) throw noSuch('payment_intent', intentId, 'payment_intent');
    if (intent.status !== 'succeeded') throw invalidRequest(`This PaymentIntent (${intentId}) does not have a successful charge to refund.`, { param: 'payment_intent' });
    const left = intent.amount_received - (refunded.get(intentId) ?? 0);
    if (left === 0) throw invalidRequest(`Charge ${String(intent.latest_charge)} has already been refunded.`, { code: 'charge_already_refunded' });
    const asked = textAt(form, 'amount');
    if (asked !== undefined && !/^\d+$/.test(asked)) throw invalidRequest(`Invalid integer: ${asked}`, { code: 'parameter_invalid_integer', param: 'amount' });
    const amount = asked === undefined ? left : Number(asked);
    refuseUnchargeable(amount, intent.currency);
    if (amount < 1 || amount > left) {
      throw invalidRequest(`Refund amount (${amount}) is greater than unrefunded amount on charge (${left}).`, { code: 'amount_too_large', param: 'amount' });
    }
    refunded.set(intentId, (refunded.get(intentId) ?? 0) + amount);
    const made: Stripe.Refund = {
      id: stripeId('re'),
      object: 'refund',
      amount,
      balance_transaction: stripeId('txn'),
      charge: intent.latest_charge,
      created: now(),
      currency: intent.currency,
      customer: null,
      customer_account: null,
      metadata: {},
      payment_intent: intentId,
      payment_method: intent.payment_method,
      reason: null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: 'succeeded',
      transfer_reversal: null,
    };
    refunds.push(made);
    return copy(made);
  }

  return { intents, refunds, create, find: (id) => copy(find(id)), confirm, cancel, authenticate, advance, refund, returnUrlOf: (id) => returnUrls.get(id) ?? null };
}

/**
 * Amounts Stripe refuses in a PaymentIntent or a refund whatever the card (docs.stripe.com/currencies): ISK and UGX
 * are written with two decimals that must be 00, three-decimal currencies must end in 0. The ISK answer is Stripe's
 * own (support.stripe.com/questions/deprecation-of-fractional-isk-charges-and-refunds); Stripe publishes no wording
 * for the three-decimal one, so that message is the stand-in's.
 */
function refuseUnchargeable(amount: number, currency: string): void {
  const code = currency.toUpperCase();
  if ((code === 'ISK' || code === 'UGX') && amount % 100 !== 0) {
    throw invalidRequest(
      `Invalid amount. Currency ${code} has become effectively zero-decimal and charged amounts must be evenly divisible by 100. See https://stripe.com/docs/currencies#special-cases for more information.`,
      { code: 'invalid_charge_amount_no_decimal_compatible', param: 'amount' },
    );
  }
  if (['BHD', 'JOD', 'KWD', 'OMR', 'TND'].includes(code) && amount % 10 !== 0) {
    throw invalidRequest(`Invalid amount. Amounts in ${code} must have 0 as their last digit. See https://stripe.com/docs/currencies#three-decimal for more information.`, { param: 'amount' });
  }
}

/**
 * The API version stripe-node 23 pins (2026-10-28.endive) takes `allowed_payment_method_types`, alone, and refuses
 * the older `payment_method_types` (docs.stripe.com/changelog/endive/2026-09-30): so does the stand-in, so an
 * adapter sending what Stripe would refuse fails here first. Only cards are offered.
 */
function allowedMethodTypes(form: FormObject): string[] {
  if (form['payment_method_types'] !== undefined) {
    throw invalidRequest('payment_method_types is no longer supported on this API version; use allowed_payment_method_types.', {
      code: 'payment_method_types_no_longer_supported',
      param: 'payment_method_types',
    });
  }
  const allowed = form['allowed_payment_method_types'];
  if (allowed === undefined) return ['card'];
  if (form['automatic_payment_methods'] !== undefined) {
    throw invalidRequest('allowed_payment_method_types cannot be used with automatic_payment_methods.', { param: 'allowed_payment_method_types' });
  }
  const types = Array.isArray(allowed) ? allowed : [allowed];
  const unknown = types.find((type) => type !== 'card');
  if (unknown !== undefined) throw invalidRequest(`The payment method type ${JSON.stringify(unknown)} is not offered by this stand-in.`, { param: 'allowed_payment_method_types' });
  return ['card'];
}

/** The card a confirm names: a token (server side, no SCA) or the number typed in the test card form (Stripe.js). */
function cardOutcome(form: FormObject): CardOutcome {
  const data = objectAt(form, 'payment_method_data');
  if (!data) {
    throw invalidRequest("You cannot confirm this PaymentIntent because it's missing a payment method. Specify payment_method_data.", {
      code: 'payment_intent_unexpected_state',
    });
  }
  if (textAt(data, 'type') !== 'card') throw invalidRequest('Only card payments are offered by this stand-in.', { param: 'payment_method_data[type]' });
  const card = objectAt(data, 'card');
  const token = textAt(card, 'token');
  if (token !== undefined) {
    const outcome = testTokens[token];
    if (!outcome) throw invalidRequest(`No such token: '${token}'`, { code: 'resource_missing', param: 'payment_method_data[card][token]' });
    return outcome;
  }
  const number = textAt(card, 'number');
  if (number === undefined) throw missingParam('payment_method_data[card][number]');
  return outcomeOfCardNumber(number);
}
