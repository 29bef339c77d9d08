import { formatUnit } from '@ticketing/kernel';

const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export interface PaymentPageView {
  readonly token: string;
  readonly description: string;
  readonly amount: { readonly Value: string; readonly CurrencyCode: string };
  readonly paymentMethods: readonly string[];
}

/**
 * Saferpay's Payment Page, reduced to the payer's decision: one form, three buttons posting `action=pay`,
 * `action=decline` or `action=cancel` back to the page's own address.
 */
export function paymentPage(payment: PaymentPageView): string {
  const amount = formatUnit(Number(payment.amount.Value), payment.amount.CurrencyCode);
  const methods = payment.paymentMethods.length > 0 ? payment.paymentMethods.join(', ') : 'any';
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Saferpay test payment</title></head>
<body>
<main aria-labelledby="title">
<h1 id="title">Saferpay test payment</h1>
<p>This is a local stand-in of Saferpay: no money moves.</p>
<dl>
<dt>Description</dt><dd>${escape(payment.description)}</dd>
<dt>Amount</dt><dd>${escape(amount)} ${escape(payment.amount.CurrencyCode)}</dd>
<dt>Payment methods</dt><dd>${escape(methods)}</dd>
</dl>
<form method="post" action="/vt/${escape(encodeURIComponent(payment.token))}">
<button type="submit" name="action" value="pay">Pay</button>
<button type="submit" name="action" value="decline">Decline</button>
<button type="submit" name="action" value="cancel">Cancel</button>
</form>
</main>
</body>
</html>`;
}

export function messagePage(title: string, message: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head>
<body><main><h1>${escape(title)}</h1><p>${escape(message)}</p></main></body></html>`;
}
