export * from './payment-attempt.events.js';
export * from './payment-attempt.js';
export * from './decide-payment-attempt.js';
