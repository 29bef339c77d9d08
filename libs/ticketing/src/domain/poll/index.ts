export * from './poll.events.js';
export * from './answer-poll.js';
