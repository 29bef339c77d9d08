export * from './user/index.js';
