/** The money an order's step states, integer minor units of `currency`; only what the event carries. */
export interface StepAmounts {
  readonly currency: string;
  /** What the order costs after this step (gross), when the step priced it (opened, a pass applied or removed). */
  readonly price?: number;
  /** Every discount in that price (0 or negative, as the price's totals state it). */
  readonly discount?: number;
  /** Asked of a payment provider. */
  readonly requested?: number;
  /** Money in: taken by a provider, or a bank transfer the organizer confirmed (the order's price then). */
  readonly paid?: number;
  /** Money given back to the buyer. */
  readonly refunded?: number;
}

type Data = Readonly<Record<string, unknown>>;

const amount = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);
const currencyOf = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** The order's price as a priced step states it (`price.totals`), or null. */
export function priceOf(data: Data): { readonly currency: string; readonly price: number; readonly discount: number } | null {
  const price = data.price as Data | undefined;
  const totals = price?.totals as Data | undefined;
  const gross = amount(totals?.priceWithVat);
  const currency = currencyOf(totals?.currency) ?? currencyOf(price?.currency);
  if (gross === undefined || currency === undefined) return null;
  return { currency, price: gross, discount: amount(totals?.discount) ?? 0 };
}

/** `orderPrice`: the order's price before this step (for a confirmation that names no amount). */
export function amountsOf(type: string, data: Data, orderPrice: { readonly currency: string; readonly price: number } | null): StepAmounts | null {
  const priced = priceOf(data);
  if (priced) return priced;
  const currency = currencyOf(data.currency);
  switch (type) {
    case 'PaymentRequested':
      return currency && amount(data.amount) !== undefined ? { currency, requested: amount(data.amount)! } : null;
    case 'PaymentSucceeded':
      return currency && amount(data.amount) !== undefined ? { currency, paid: amount(data.amount)! } : null;
    case 'PaymentRefunded':
      return currency && amount(data.amount) !== undefined ? { currency, refunded: amount(data.amount)! } : null;
    case 'OfflinePaymentConfirmed':
      return orderPrice ? { currency: orderPrice.currency, paid: orderPrice.price } : null;
    default:
      return null;
  }
}
