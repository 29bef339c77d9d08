export { saferpayAdapter, type SaferpayAccount, type SaferpayMethod } from './saferpay.adapter.js';
