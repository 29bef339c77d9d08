// Builders of catalog events, complete and valid, for read-side and sales specs.
export * from './catalog/catalog-events.js';
