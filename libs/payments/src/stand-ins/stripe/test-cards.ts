/**
 * What a card does, as Stripe's test cards and tokens do (docs.stripe.com/testing): the numbers a tester already
 * knows work the same against the stand-in, so a storefront run against it reads like one against Stripe's test mode.
 */
export type CardOutcome =
  | { readonly kind: 'succeeds' }
  /** 3-D Secure is required: the PaymentIntent waits in `requires_action` for the challenge page. */
  | { readonly kind: 'authenticates' }
  | { readonly kind: 'declined'; readonly decline: Decline };

export interface Decline {
  /** Stripe's error code (`card_declined`, `expired_card` ...). */
  readonly code: string;
  /** The issuer's reason (`generic_decline`, `insufficient_funds`), when Stripe gives one. */
  readonly declineCode: string | null;
  readonly message: string;
}

const declined = (code: string, declineCode: string | null, message: string): CardOutcome => ({ kind: 'declined', decline: { code, declineCode, message } });
const genericDecline = declined('card_declined', 'generic_decline', 'Your card was declined.');
const insufficientFunds = declined('card_declined', 'insufficient_funds', 'Your card has insufficient funds.');
const expiredCard = declined('expired_card', 'expired_card', 'Your card has expired.');

export const testCards: Readonly<Record<string, CardOutcome>> = {
  '4242424242424242': { kind: 'succeeds' },
  '5555555555554444': { kind: 'succeeds' },
  '4000002500003155': { kind: 'authenticates' },
  '4000000000003220': { kind: 'authenticates' },
  '4000000000000002': genericDecline,
  '4000000000009995': insufficientFunds,
  '4000000000000069': expiredCard,
  '4000000000000127': declined('incorrect_cvc', 'incorrect_cvc', "Your card's security code is incorrect."),
};

/** Card tokens Stripe.js would have made from those cards (the flow without SCA charges one at once). */
export const testTokens: Readonly<Record<string, CardOutcome>> = {
  tok_visa: { kind: 'succeeds' },
  tok_mastercard: { kind: 'succeeds' },
  tok_threeDSecure2Required: { kind: 'authenticates' },
  tok_chargeDeclined: genericDecline,
  tok_chargeDeclinedInsufficientFunds: insufficientFunds,
  tok_chargeDeclinedExpiredCard: expiredCard,
};

/** Any other number: Stripe's test mode refuses a mistyped one and a real (live) one. */
export function outcomeOfCardNumber(number: string): CardOutcome {
  const digits = number.replace(/[\s-]/g, '');
  const known = testCards[digits];
  if (known) return known;
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) return declined('incorrect_number', null, 'Your card number is incorrect.');
  return declined(
    'card_declined',
    'test_mode_live_card',
    'Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
  );
}

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}
