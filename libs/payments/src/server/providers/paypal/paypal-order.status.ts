import { fractionDigits, formatUnit, parseAmount } from '@ticketing/kernel';
import type { ProviderStatus } from '../payment-provider.js';

/** The parts of an Orders v2 order (and of its captures) the adapter reads. */
export interface PayPalOrder {
  readonly id: string;
  readonly status: string;
  readonly links?: readonly { readonly href: string; readonly rel: string }[];
  readonly purchase_units?: readonly {
    readonly payments?: { readonly captures?: readonly PayPalCapture[] };
  }[];
}

export interface PayPalCapture {
  readonly id: string;
  readonly status: string;
  readonly amount?: PayPalMoney;
  readonly status_details?: { readonly reason?: string };
  readonly supplementary_data?: { readonly related_ids?: { readonly order_id?: string } };
}

export interface PayPalMoney {
  readonly currency_code: string;
  readonly value: string;
}

/** Minor units -> PayPal's decimal text with the currency's digits: 1050 EUR -> "10.50", 1050 JPY -> "1050". */
export const paypalMoney = (amount: number, currency: string): PayPalMoney => ({ currency_code: currency.toUpperCase(), value: formatUnit(amount, currency) });

/** PayPal's decimal text -> minor units, digit by digit (never through a float); null when it is not an amount. */
export function minorUnitsOf(money: PayPalMoney | undefined): { amount: number; currency: string } | null {
  if (!money || typeof money.value !== 'string' || typeof money.currency_code !== 'string') return null;
  const currency = money.currency_code.toUpperCase();
  const parsed = parseAmount(money.value, fractionDigits(currency));
  return parsed.ok ? { amount: parsed.minor, currency } : null;
}

export const captureOf = (order: PayPalOrder): PayPalCapture | undefined => order.purchase_units?.[0]?.payments?.captures?.[0];

/**
 * What a capture says of the payment. A refunded capture took the money first: the payment succeeded, the refund
 * is the payments context's own record. Null when PayPal answered something this adapter cannot read.
 */
export function statusOfCapture(capture: PayPalCapture | undefined): ProviderStatus | null {
  switch (capture?.status) {
    case 'COMPLETED':
    case 'PARTIALLY_REFUNDED':
    case 'REFUNDED': {
      const money = minorUnitsOf(capture.amount);
      return money ? { kind: 'succeeded', ...money } : null;
    }
    case 'PENDING':
      return { kind: 'processing' };
    case 'DECLINED':
    case 'FAILED':
      return { kind: 'failed', code: capture.status_details?.reason ?? `CAPTURE_${capture.status}`, message: 'PayPal declined the payment.' };
    default:
      return null;
  }
}

/**
 * An order's status, APPROVED apart (the adapter captures it first). PayPal never changes an order the buyer
 * walked away from: it stays PAYER_ACTION_REQUIRED until it expires, so that reads as pending.
 */
export function statusOfOrder(order: PayPalOrder): ProviderStatus | null {
  switch (order.status) {
    case 'CREATED':
    case 'SAVED':
    case 'PAYER_ACTION_REQUIRED':
      return { kind: 'pending' };
    case 'VOIDED':
      return { kind: 'cancelled' };
    case 'COMPLETED':
      return statusOfCapture(captureOf(order));
    default:
      return null;
  }
}
