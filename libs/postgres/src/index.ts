export * from './database.js';
export * from './migrate.js';
export * from './free-port.js';
export * from './unavailable.js';
export * from './array-literal.js';
