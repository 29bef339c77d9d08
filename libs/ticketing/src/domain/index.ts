export * from './ticket/index.js';
export * from './poll/index.js';
