import type { FieldError } from '../../booking';

/** What the test card form asks (spec 2, card payment in test mode): typed as the buyer types it. */
export interface CardDetails {
  readonly number: string;
  readonly expMonth: string;
  readonly expYear: string;
  readonly cvc: string;
}

export type CardField = keyof CardDetails;
export const CARD_FIELDS: readonly CardField[] = ['number', 'expMonth', 'expYear', 'cvc'];
export const EMPTY_CARD: CardDetails = { number: '', expMonth: '', expYear: '', cvc: '' };

const digitsOf = (text: string) => text.replace(/[\s-]/g, '');

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A two-digit year is this century's, as card expiry dates are printed. */
export const fullYear = (year: string): number => (year.trim().length === 2 ? 2000 + Number(year) : Number(year));

/**
 * The error of one field, with Stripe's own codes (the bundle has their texts), or undefined when it is right.
 * `today` decides whether the card has expired: the month printed is its last valid month.
 */
export function cardFieldError(field: CardField, card: CardDetails, today: { year: number; month: number }): FieldError | undefined {
  const value = card[field].trim();
  if (value === '') return { code: 'error.emptyField', args: [] };
  switch (field) {
    case 'number': {
      const digits = digitsOf(value);
      return /^\d{12,19}$/.test(digits) && passesLuhn(digits) ? undefined : { code: 'error.STEP2_STRIPE_invalid_number', args: [] };
    }
    case 'expMonth':
      return /^\d{1,2}$/.test(value) && Number(value) >= 1 && Number(value) <= 12 ? undefined : { code: 'error.STEP2_STRIPE_invalid_expiry_month', args: [] };
    case 'expYear': {
      if (!/^(\d{2}|\d{4})$/.test(value)) return { code: 'error.STEP2_STRIPE_invalid_expiry_year', args: [] };
      const year = fullYear(value);
      const month = Number(card.expMonth);
      const expired = year < today.year || (year === today.year && month >= 1 && month <= 12 && month < today.month);
      return expired ? { code: 'error.STEP2_STRIPE_expired_card', args: [] } : undefined;
    }
    case 'cvc':
      return /^\d{3,4}$/.test(value) ? undefined : { code: 'error.STEP2_STRIPE_invalid_cvc', args: [] };
  }
}

/** Spec 5: a card form is ready only when its card is complete (every field filled in and right). */
export function cardComplete(card: CardDetails, today: { year: number; month: number }): boolean {
  return CARD_FIELDS.every((field) => cardFieldError(field, card, today) === undefined);
}

/** The card as the provider's confirm call takes it: digits only, a four-digit year. */
export function cardForProvider(card: CardDetails): { number: string; expMonth: string; expYear: string; cvc: string } {
  return { number: digitsOf(card.number), expMonth: String(Number(card.expMonth)), expYear: String(fullYear(card.expYear)), cvc: card.cvc.trim() };
}
