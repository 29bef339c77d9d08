export * from './validated-response.js';
export * from './configuration.schemas.js';
export * from './serialized-response.js';
export * from './zod-response.js';
