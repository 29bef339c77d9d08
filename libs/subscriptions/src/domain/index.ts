export * from './subscription/index.js';
export * from './validity/validity-of.js';
export * from './pin/pin.js';
