export * from './validated-response.js';
export * from './configuration.schemas.js';
