// Valid catalog commands (drafts) the catalog's deciders and import specs vary one field at a time.
export * from './catalog/catalog-commands.js';
