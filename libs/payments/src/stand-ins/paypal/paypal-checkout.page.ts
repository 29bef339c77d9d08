const escape = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export interface CheckoutPageOrder {
  readonly id: string;
  readonly description: string;
  readonly amount: { readonly currency_code: string; readonly value: string };
}

/**
 * PayPal's approval page, reduced to its decision: one form, two buttons. A browser (or a test posting the form)
 * sends `action=approve` or `action=cancel` to the same address.
 */
export function checkoutPage(order: CheckoutPageOrder): string {
  const action = `/checkoutnow?token=${encodeURIComponent(order.id)}`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>PayPal test checkout</title></head>
<body>
<main aria-labelledby="title">
<h1 id="title">PayPal test checkout</h1>
<p>This is a local stand-in of PayPal: no money moves.</p>
<dl>
<dt>Order</dt><dd>${escape(order.id)}</dd>
<dt>Description</dt><dd>${escape(order.description)}</dd>
<dt>Amount</dt><dd>${escape(order.amount.value)} ${escape(order.amount.currency_code)}</dd>
</dl>
<form method="post" action="${escape(action)}">
<button type="submit" name="action" value="approve">Pay now</button>
<button type="submit" name="action" value="cancel">Cancel and return</button>
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
