// The vocabulary lives in the contracts (other contexts name proxies and methods too); the domain re-exports it.
export { onlineProxies, onlineMethods, isOnlineProxy, isOnlineMethod, defaultMethodOf, paymentMethodDisplayOrder } from '@ticketing/payments/contracts';
export type { OnlineProxy, OnlineMethod } from '@ticketing/payments/contracts';
