export * from './providers/payment-provider.js';
