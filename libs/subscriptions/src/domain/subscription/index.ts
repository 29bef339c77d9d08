export * from './subscription.events.js';
export * from './subscription.js';
export * from './decide-subscription.js';
export * from './issue-subscription.js';
