// What other contexts may know of the catalog: its published events and data, and its query surface.
export {
  catalogStreams,
  INVOICE_NUMBER_PATTERN,
  isMandatory,
  type AdditionalService,
  type AdditionalServiceType,
  type AttendeeField,
  type AttendeeFieldType,
  type Capacity,
  type CatalogEvent,
  type DiscountType,
  type EventCatalogEvent,
  type EventDetails,
  type FileStored,
  type InvoicingConfiguration,
  type JoinLink,
  type LocalDateTime,
  type LocalizedText,
  type Organizer,
  type Poll,
  type PollOption,
  type PollStatus,
  type OrganizerProviderAccounts,
  type OrganizerEvent,
  type PromoCode,
  type SaleWindow,
  type SubscriptionDescriptor,
  type SubscriptionDescriptorEvent,
  type TicketCategory,
  type WaitingRoomSettings,
} from './catalog.events.js';
export { fixedFieldNames, type InvoicingTerms, type OfferedCategory, type OfferedService, type PurchaseOffer, type SubscriptionOffer } from './purchase-offer.js';
export { CatalogOffers, type WaitingListAvailability } from './catalog-offers.js';
export { CatalogPolls, type EventPolls } from './catalog-polls.js';
export { entranceOf, isOnlineTicket, type Entrance } from './join-links.js';
