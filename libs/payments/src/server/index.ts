export * from './providers/payment-provider.js';
export { PaymentsModule, type PaymentsModuleOptions } from './payments.module.js';
export { PaymentAttempts } from './attempts/payment-attempts.service.js';
export { PaymentAccounts, STAND_IN_CREDENTIALS, type StandInUrls } from './accounts/payment-accounts.js';
export { paymentsProjections } from './read-models/payment-attempts.projection.js';
