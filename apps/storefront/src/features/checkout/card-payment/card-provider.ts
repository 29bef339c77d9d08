import type { PurchaseContextRef } from '../../../app/purchase-context';
import { reservationPageHref } from '../../../app/purchase-context';
import type { ReservationInfo } from '../../../api/reservation-queries';
import type { CardBillingDetails } from './stripe-js';

/** A Stripe account's client parameters (`activePaymentMethods.CREDIT_CARD.parameters`, reference 3.3.1). */
export interface StripeParameters {
  readonly publishableKey: string;
  /** Payment test mode: the server talks to a local stand-in, and so does the page (`apiBase`), with a test form. */
  readonly testMode: boolean;
  readonly apiBase: string | null;
  /** Stripe Connect: the organizer's account the payment is made on. */
  readonly connectedAccount: string | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

export function stripeParametersOf(parameters: Readonly<Record<string, unknown>>): StripeParameters {
  return {
    publishableKey: text(parameters['stripe_p_key']) ?? '',
    testMode: parameters['testMode'] === true,
    apiBase: text(parameters['apiBase']),
    connectedAccount: parameters['platformMode'] === true ? text(parameters['stripeConnectedAccount']) : null,
  };
}

/** The test card form talks to the stand-in: only when test mode names one. */
export const usesTestForm = (stripe: StripeParameters): boolean => stripe.testMode && stripe.apiBase !== null;

/**
 * The buyer as Stripe's billing details: the name and e-mail of the booking, the invoice address when there is one
 * (spec 5: the country code EL is GR for card billing).
 */
export function cardBillingDetails(info: Pick<ReservationInfo, 'firstName' | 'lastName' | 'email' | 'billingDetails'>): CardBillingDetails {
  const name = [info.firstName, info.lastName].filter(Boolean).join(' ');
  const billing = info.billingDetails;
  const country = billing.country === 'EL' ? 'GR' : billing.country;
  const address = Object.fromEntries(
    Object.entries({
      line1: billing.addressLine1,
      line2: billing.addressLine2,
      postal_code: billing.zip,
      city: billing.city,
      state: billing.state,
      country,
    }).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''),
  );
  return {
    ...(name ? { name } : {}),
    ...(info.email ? { email: info.email } : {}),
    ...(Object.keys(address).length ? { address } : {}),
  };
}

/** The processing page of this reservation, absolute: where the bank's 3-D Secure page sends the buyer back. */
export const processingPageUrl = (origin: string, context: PurchaseContextRef, reservationId: string): string =>
  `${origin}${reservationPageHref(context, reservationId, 'processing-payment')}`;
