// The catalog's server, for the composition (libs/application) and the tools: modules, read models, import.
export { CatalogReadModule } from './catalog-read.module.js';
export { formatReport } from './import-catalog/catalog-import-report.js';
export { formatIssue } from './import-catalog/catalog-issue.js';
export { fileSystemImages } from './import-catalog/image-loader.js';
export { ImportCatalogService } from './import-catalog/import-catalog.service.js';
export { formatOfFileName, parseCatalogText } from './import-catalog/catalog-file/parse-catalog-file.js';
export { OrganizerApiModule } from './import-catalog/organizer-api.module.js';
export { CatalogQueries } from './shared/catalog-queries.js';
export { ticketCategoriesBody } from './get-ticket-categories/ticket-categories-body.js';
export { catalogProjections } from './read-models/catalog-projections.js';
export { CATALOG_DB, CATALOG_RECAPTCHA_SITE_KEY } from './read-tokens.js';
export { PollsReadModel } from './polls/polls.query.js';
