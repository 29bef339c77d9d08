export * from './payment-methods.js';
export * from './payment-attempt/index.js';
