// The subscription page feature (spec 2, Subscription page).
export { SubscriptionPage } from './components/subscription-page';
export { loadSubscription } from './subscription-loaders';
