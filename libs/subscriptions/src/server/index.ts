export { SubscriptionsModule, type SubscriptionsModuleAsyncOptions } from './subscriptions.module.js';
export { EventLogSubscriptionPasses, type SubscriptionPassesOptions } from './event-log-subscription-passes.js';
export { subscriptionFromLog, subscriptionToLog } from './subscription-log.js';
