export * from './payment-methods.js';
