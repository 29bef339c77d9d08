export * from './payment-methods.js';
export * from './online-payments.js';
