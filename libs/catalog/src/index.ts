// The public surface of the catalog context: what other contexts, apps and tools may import.

// Events and their data (the contract of the read side and of other contexts).
export * from './domain/catalog.events.js';

// Write side: commands, deciders, rules.
export { catalogErrors, CatalogRejected, type CatalogViolation } from './domain/shared/catalog-violation.js';
export { eventCatalogDecider, decidePublishEventCatalog } from './domain/event-catalog/publish-event-catalog.js';
export type {
  PublishEventCatalog,
  CapacityDraft,
  TicketCategoryDraft,
  AdditionalServiceDraft,
  AttendeeFieldDraft,
  PromoCodeDraft,
} from './domain/event-catalog/publish-event-catalog.command.js';
export { initialEventCatalogState, evolveEventCatalog, type EventCatalogState } from './domain/event-catalog/event-catalog.js';
export { organizerDecider, type PublishOrganizer } from './domain/organizer/publish-organizer.js';
export { subscriptionDescriptorDecider, type PublishSubscriptionDescriptor } from './domain/subscription-descriptor/publish-subscription-descriptor.js';
export { fileDecider, allowedImageTypes, maxFileBytes, type StoreFile } from './domain/file/store-file.js';

// Catalog import: file schema, parsing, the service, the CLI's building blocks.
export {
  catalogFileSchema,
  organizerEntrySchema,
  subscriptionEntrySchema,
  type CatalogFile,
  type CatalogFileInput,
  type OrganizerEntry,
  type SubscriptionEntry,
  type EventEntry,
} from './server/import/catalog-file.schema.js';
export { parseCatalogText, checkCatalogDocument, formatOfFileName, type CatalogFormat, type ParsedCatalog } from './server/import/parse-catalog-file.js';
export { formatIssue, type CatalogIssue } from './server/import/catalog-issue.js';
export { formatReport, type CatalogImportReport, type StreamChange, type StreamOutcome } from './server/import/catalog-import-report.js';
export { ImportCatalogService, type CatalogImportDeps, type CatalogImportOptions } from './server/import/import-catalog.service.js';
export { dataUriImages, fileSystemImages, type ImageLoader, type LoadedImage } from './server/import/image-loader.js';

// Organizer API (Nest): the composition root registers the module and provides its options.
export { OrganizerApiModule, type OrganizerApiOptions, type OrganizerApiAsyncOptions } from './server/organizer-api/organizer-api.module.js';
export { ORGANIZER_API_OPTIONS } from './server/tokens.js';
export { OrganizerApiKeys } from './server/organizer-api/organizer-api-keys.js';
export { OrganizerApiKeyGuard, AuthenticatedOrganizer } from './server/organizer-api/organizer-api-key.guard.js';

// Read side (Nest): public catalog endpoints and the queries behind them; the composition root provides CATALOG_DB.
export { CatalogReadModule } from './server/catalog-read.module.js';
export { CatalogQueries } from './server/queries/catalog-queries.js';
export { CATALOG_DB, CATALOG_CLOCK, CATALOG_SALES_FIGURES } from './server/read-tokens.js';
export { catalogProjections } from './server/read-models/catalog-projections.js';
export type { SalesFigures, EventSalesFigures } from './server/queries/sales-figures.js';
export type { PurchaseOffer, OfferedCategory, OfferedService } from './server/queries/purchase-offer/purchase-offer.query.js';
export { noSalesYet } from './server/queries/sales-figures.js';
export { VersionedCache, SharedVersionReader } from './server/queries/versioned-cache.js';
export { LOG_HEAD, TablesVersions } from './server/queries/tables-versions.js';
export { invoicingConfigurationOf } from './server/queries/view-helpers.js';
export { shortNameParam, langParam, uuidParam, identifier } from './server/public-api/request-schemas.js';
