// The catalog's server, for the composition (libs/application) and the tools: modules, read models, import.
export { CatalogReadModule } from './catalog-read.module.js';
export { formatReport } from './import/catalog-import-report.js';
export { formatIssue } from './import/catalog-issue.js';
export { fileSystemImages } from './import/image-loader.js';
export { ImportCatalogService } from './import/import-catalog.service.js';
export { formatOfFileName, parseCatalogText } from './import/parse-catalog-file.js';
export { OrganizerApiModule } from './organizer-api/organizer-api.module.js';
export { CatalogQueries } from './shared/catalog-queries.js';
export { catalogProjections } from './read-models/catalog-projections.js';
export { CATALOG_DB } from './read-tokens.js';
