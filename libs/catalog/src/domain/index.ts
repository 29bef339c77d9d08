// The catalog's deciders, commands and rules: for the catalog's server and the test fixtures.
export { type AdditionalServiceDraft, type AttendeeFieldDraft, type PromoCodeDraft, type PublishEventCatalog, type TicketCategoryDraft } from './event-catalog/publish-event-catalog.command.js';
export { type EventCatalogState } from './event-catalog/event-catalog.js';
export { eventCatalogDecider } from './event-catalog/publish-event-catalog.js';
export { fileDecider, type StoreFile } from './file/store-file.js';
export { organizerDecider, type PublishOrganizer } from './organizer/publish-organizer.js';
export { CatalogRejected, catalogErrors } from './shared/catalog-violation.js';
export { subscriptionDescriptorDecider, type PublishSubscriptionDescriptor } from './subscription-descriptor/publish-subscription-descriptor.js';
