// What other contexts may know of passes: the events the sales context appends when a pass is bought, the
// codes a use is refused with, and the port through which orders issue and use passes.
export { subscriptionStreamId, type SubscriptionIssued, type SubscriptionOwner } from './subscription-issued.js';
export { subscriptionPinStreamId, type SubscriptionPinTaken } from './subscription-pin-taken.js';
export type { SubscriptionUsed, SubscriptionUseUndone } from './subscription-used.js';
export { subscriptionErrors } from './subscription-errors.js';
export { compatibleCategoriesOf, SubscriptionPasses, type PassIssue, type PassPurchase, type PassUse, type PassUseChange, type SubscriptionPass } from './subscription-passes.js';
