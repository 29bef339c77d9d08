// Local stand-ins of the card and redirect providers (HTTP servers on 127.0.0.1 speaking the subset of each
// provider's API the adapters use), for the tests and for `npm start` without provider keys.
export * from './stripe/stripe-stand-in.js';
export * from './mollie/mollie-stand-in.js';
export * from './paypal/paypal-stand-in.js';
export * from './saferpay/saferpay-stand-in.js';
