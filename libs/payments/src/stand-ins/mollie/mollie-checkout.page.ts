import { currencyDigits, type MollieStatus, type MollieStandInPayment } from './mollie-resources.js';

/** What the buyer may pick on Mollie's test-mode page, in its order, with its labels. */
export const checkoutChoices = [
  { status: 'paid', label: 'Paid' },
  { status: 'failed', label: 'Failed' },
  { status: 'canceled', label: 'Canceled' },
  { status: 'expired', label: 'Expired' },
  { status: 'open', label: 'Open' },
] as const satisfies readonly { status: MollieStatus; label: string }[];

export type CheckoutChoice = (typeof checkoutChoices)[number]['status'];

export const isCheckoutChoice = (value: string | null): value is CheckoutChoice => checkoutChoices.some((choice) => choice.status === value);

const methodNames: Record<string, string> = {
  creditcard: 'Credit card', ideal: 'iDEAL', applepay: 'Apple Pay', bancontact: 'Bancontact', belfius: 'Belfius Pay Button', kbc: 'KBC/CBC Payment Button',
  przelewy24: 'Przelewy24', paypal: 'PayPal', twint: 'TWINT', banktransfer: 'Bank transfer',
};

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)} · Mollie stand-in</title></head>
<body><main>
${body}
</main></body>
</html>
`;
}

/** The amount as a buyer reads it ("€12.50", "¥1,250"); the stored string stays the exact one. */
function shownAmount({ currency, value }: MollieStandInPayment['amount']): string {
  const digits = currencyDigits(currency);
  return new Intl.NumberFormat('en', { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(Number(value));
}

/**
 * Mollie's test-mode checkout: the buyer picks the status the payment gets and is sent back to the shop. A form of
 * radio buttons (`status`) and a Continue button, posted to the page's own address.
 */
export function checkoutPage(payment: MollieStandInPayment): string {
  const method = payment.method ? (methodNames[payment.method] ?? payment.method) : 'Any method';
  if (payment.status !== 'open') {
    return page('Test payment', `<h1>Test payment</h1>
<p>This payment is ${escape(payment.status)}.</p>
<p><a href="${escape(payment.redirectUrl)}">Return to the shop</a></p>`);
  }
  const choices = checkoutChoices
    .map(({ status, label }, index) => `<div><input type="radio" id="status-${status}" name="status" value="${status}"${index === 0 ? ' checked' : ''}> <label for="status-${status}">${label}</label></div>`)
    .join('\n');
  return page('Test payment', `<h1>Test payment</h1>
<p>This is a test payment: no money is taken. Choose the status the payment gets.</p>
<dl>
<dt>Amount</dt><dd data-testid="amount">${escape(shownAmount(payment.amount))}</dd>
<dt>Method</dt><dd data-testid="method">${escape(method)}</dd>
<dt>Description</dt><dd>${escape(payment.description)}</dd>
</dl>
<form method="post" action="/checkout/${escape(payment.id)}">
<fieldset>
<legend>Payment status</legend>
${choices}
</fieldset>
<button type="submit">Continue</button>
</form>`);
}

export function notFoundPage(): string {
  return page('Payment not found', '<h1>Payment not found</h1>\n<p>There is no payment at this address.</p>');
}
