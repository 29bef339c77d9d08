export { streamSummaryProjection, categoryOf, STREAM_SUMMARY_TABLE, type StreamSummaryRow } from './read-models/stream-summary/stream-summary.projection.js';
export { listStreamSummaries } from './read-models/stream-summary/stream-summary.query.js';
export { historyOf, ERASED, type HistoryEntry } from './queries/history-of/history-of.query.js';
export * from './checkpoints/index.js';
