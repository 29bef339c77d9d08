import { lazyPart, partPlaceholder } from '../../app/lazy-part';

// The overview's card form comes in a chunk of its own: only orders a card can pay load it (with the payment calls
// and, for a real Stripe account, the code that loads Stripe.js), as soon as the overview shows a card method; the
// page waits for it when it opens with the card chosen (useLazyParts). A card part whose chunk does not load shows
// that the card cannot be used now; the other methods stay.
export const cardPayment = lazyPart(() => import('./card-payment/card-payment').then((m) => m.CardPayment), partPlaceholder);

// The notice of a held payment token (spec 4) with its "use a different payment method" call: shown only while a
// provider has the payment, so in a chunk of its own too.
export const heldPayment = lazyPart(() => import('./components/held-payment-notice').then((m) => m.HeldPaymentNotice));

// The reCAPTCHA (spec 3, 185): only a bank transfer, an on-site payment or a free order of an event that asks for it.
export const recaptcha = lazyPart(() => import('../../components/recaptcha/recaptcha-widget').then((m) => m.RecaptchaWidget), partPlaceholder);

// The subscription code form (spec 2, Overview step): only orders of an event a pass can pay for show it.
export const subscriptionCode = lazyPart(() => import('./components/subscription-code-section').then((m) => m.SubscriptionCodeSection), partPlaceholder);
