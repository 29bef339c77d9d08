import type Stripe from 'stripe';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/**
 * The bank's challenge a 3-D Secure card sends the buyer to, as Stripe's test page offers it: complete or fail.
 * Each button is a plain form POST (no script), so a browser test and a test with only `fetch` press it the same way.
 */
export function threeDSecurePage(intent: Stripe.PaymentIntent): string {
  const amount = `${(intent.amount / 100).toFixed(2)} ${intent.currency.toUpperCase()}`;
  const action = `/3ds/${encodeURIComponent(intent.id)}`;
  const button = (outcome: 'complete' | 'fail', label: string) =>
    `<form method="post" action="${action}"><input type="hidden" name="outcome" value="${outcome}"><button type="submit">${label}</button></form>`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>3D Secure test payment</title></head>
<body>
<main>
<h1>3D Secure test payment</h1>
<p>Local Stripe stand-in. ${escapeHtml(intent.description ?? 'Payment')}: <strong>${escapeHtml(amount)}</strong></p>
${button('complete', 'Complete authentication')}
${button('fail', 'Fail authentication')}
</main>
</body>
</html>`;
}

/** What the page says when there is nowhere to send the buyer back to (a confirm without `return_url`). */
export function threeDSecureDonePage(intent: Stripe.PaymentIntent): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>3D Secure test payment</title></head>
<body><main><h1>3D Secure test payment</h1><p role="status">Authentication finished: ${escapeHtml(intent.status)}.</p></main></body></html>`;
}
