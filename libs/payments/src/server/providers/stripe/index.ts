export { stripeAdapter, type StripeAccount } from './stripe.adapter.js';
