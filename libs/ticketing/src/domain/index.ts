export * from './ticket/index.js';
