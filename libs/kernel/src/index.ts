export * from './event.js';
export * from './errors.js';
export * from './clock.js';
export * from './ids.js';
export * from './money.js';
export * from './time-zone.js';
export * from './crockford-base32.js';
export * from './fixed-answers.js';
