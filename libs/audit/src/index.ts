export { streamSummaryProjection, categoryOf, STREAM_SUMMARY_TABLE, type StreamSummaryRow } from './read-models/stream-summary/stream-summary.projection.js';
export { listStreamSummaries } from './read-models/stream-summary/stream-summary.query.js';
export { orderMentionsProjection, ORDER_MENTIONS_TABLE } from './read-models/order-mentions/order-mentions.projection.js';
export { historyOf, ERASED, type HistoryEntry } from './queries/history-of/history-of.query.js';
export { orderStory, ticketStory, subscriptionStory, type OrderStory, type OrderStatusFold, type StoryOptions, type StoryStep } from './queries/order-story/order-story.query.js';
export type { StepAmounts } from './queries/order-story/step-amounts.js';
export { AuditApiModule, type AuditApiAsyncOptions } from './server/audit-api.module.js';
export type { AuditApiOptions } from './server/audit-api.options.js';
export * from './checkpoints/index.js';
