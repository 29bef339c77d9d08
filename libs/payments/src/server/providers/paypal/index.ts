export { paypalAdapter, type PayPalAccount } from './paypal.adapter.js';
