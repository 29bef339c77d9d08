import type { DomainEvent } from '@ticketing/kernel';

/**
 * The catalog as events: what organizers bring (organizers, events with their categories, capacities,
 * additional services and codes, subscription descriptors, images). Type strings never change once shipped.
 *
 * Streams (one per consistency boundary):
 * - `organizer-{slug}`: OrganizerRegistered, OrganizerUpdated.
 * - `event-{shortName}`: everything of one event. The shortName is the public identifier (every URL and the
 *   catalog file name the event by it) and unique; keying the stream by it makes uniqueness a property of the
 *   log (`no_stream` on the first append) and lets the import find the stream without a lookup table. The
 *   price: a shortName can never be renamed (a new shortName is a new event). Category, capacity and
 *   service ids are small integers unique within the event (alf.io's URLs and forms carry them scoped by
 *   the event), so another context names a category as (eventShortName, categoryId).
 * - `subscription-descriptor-{uuid}`: one subscription descriptor (the pass on sale). Not
 *   `subscription-{uuid}`: DESIGN.md gives that name to one issued subscription (PIN, entries used).
 * - `file-{sha256}`: one image blob, content-addressed, so storing the same bytes twice is a no-op.
 *
 * Every event carries the key of its aggregate in `data` (slug, shortName, id) so read models never parse
 * stream ids. Changed events carry the whole new state of the thing (not a diff): projections upsert.
 *
 * Conventions of the data:
 * - money: integer minor units of the event's/descriptor's currency (CHF 10.50 = 1050);
 * - `LocalDateTime`: ISO local date-time `YYYY-MM-DDTHH:mm:ss`, no offset, read in the owner's IANA `timeZone`;
 * - `LocalizedText`: language code (`en`, `it`, ...) -> text; titles plain text, descriptions Markdown source
 *   (rendering to sanitized HTML is the read side's job);
 * - percentages: decimal numbers with at most 2 decimals (7.7 = 7.70 %).
 */

export type LocalizedText = Readonly<Record<string, string>>;
/** `YYYY-MM-DDTHH:mm:ss`, no offset: wall-clock time in the owner's time zone. */
export type LocalDateTime = string;

/** Open ends: `start` null = on sale already; `end` null = until the event ends (or forever for a descriptor). */
export interface SaleWindow {
  readonly start: LocalDateTime | null;
  readonly end: LocalDateTime | null;
}

// ---------------------------------------------------------------- organizer

export interface OrganizerInvoicingDetails {
  readonly companyName: string;
  /** Postal address, lines separated by "\n". */
  readonly address: string;
  readonly vatNumber: string | null;
  /** ISO 3166-1 alpha-2. */
  readonly country: string | null;
  /**
   * How invoice numbers are printed, printf-style as alf.io's INVOICE_NUMBER_PATTERN: one `%d` (or zero-padded
   * `%06d`) where the organizer's sequence number goes, `%%` for a percent sign (`INV-%06d` -> INV-000042).
   * Absent or null: the plain number. Numbers run 1, 2, 3 ... per organizer, whatever the pattern.
   */
  readonly invoiceNumberPattern?: string | null;
}

/** A valid invoice number pattern: exactly one `%d` or `%0Nd`, and `%` otherwise only as `%%`. */
export const INVOICE_NUMBER_PATTERN = /^(?:[^%]|%%)*(?:%d|%0[1-9]\d?d)(?:[^%]|%%)*$/;

export interface OrganizerPaymentConfiguration {
  /** Bank transfer details shown for OFFLINE payments (`bankAccount` of the purchase context). */
  readonly bankAccount: string | null;
  /** `bankAccountOwner`: one line per element. */
  readonly bankAccountOwner: readonly string[];
  /** Days a bank transfer may take (`delayForOfflinePayment`, >= 1). */
  readonly offlinePaymentDelayDays: number;
  /**
   * The organizer's card and redirect provider accounts. Credentials are the NAMES of environment variables
   * that hold them, never the secrets: a catalog file is shared and logged. Absent from organizers published
   * before payments existed (none configured).
   */
  readonly providers?: OrganizerProviderAccounts;
}

export interface OrganizerProviderAccounts {
  /** Stripe: PaymentIntents with 3-D Secure when `enableSCA`, else a card token charged at once. */
  readonly stripe: { readonly enableSCA: boolean; readonly publishableKeyEnv: string; readonly secretKeyEnv: string; readonly webhookSecretEnv: string } | null;
  /** Mollie: the methods of the account offered (`CREDIT_CARD`, `IDEAL`, `BANCONTACT` ...). */
  readonly mollie: { readonly apiKeyEnv: string; readonly methods: readonly string[] } | null;
  /** PayPal Orders API v2. */
  readonly paypal: { readonly clientIdEnv: string; readonly clientSecretEnv: string; readonly webhookIdEnv: string } | null;
  /** Saferpay Payment Page. */
  readonly saferpay: {
    readonly customerIdEnv: string;
    readonly terminalIdEnv: string;
    readonly usernameEnv: string;
    readonly passwordEnv: string;
    readonly methods: readonly string[];
  } | null;
}

export interface Organizer {
  readonly slug: string;
  readonly name: string;
  readonly email: string;
  readonly description: string | null;
  readonly websiteUrl: string | null;
  /** Null: no invoice address / VAT number, so invoices cannot be issued (`invoiceAllowed` false). */
  readonly invoicing: OrganizerInvoicingDetails | null;
  readonly payment: OrganizerPaymentConfiguration;
}

export type OrganizerRegistered = DomainEvent<'OrganizerRegistered', { readonly organizer: Organizer }>;
export type OrganizerUpdated = DomainEvent<'OrganizerUpdated', { readonly organizer: Organizer }>;
export type OrganizerEvent = OrganizerRegistered | OrganizerUpdated;

// ---------------------------------------------------------------- event

export type EventFormat = 'IN_PERSON' | 'ONLINE' | 'HYBRID';
/** DRAFT is served by shortName (preview) but not listed; DISABLED answers 404. */
export type EventStatus = 'PUBLIC' | 'DRAFT' | 'DISABLED';
export type PaymentProxy = 'OFFLINE' | 'ON_SITE' | 'STRIPE' | 'PAYPAL' | 'MOLLIE' | 'SAFERPAY';

export interface GeoLocation {
  readonly latitude: number;
  readonly longitude: number;
}

/** Organizer choices; the read side combines them with organizer and system settings (see public-api.md 2). */
export interface InvoicingConfiguration {
  /** Offer invoices (effective only when the organizer has invoicing details). */
  readonly invoiceAllowed: boolean;
  /** GENERATE_ONLY_INVOICE: never a receipt. */
  readonly onlyInvoice: boolean;
  readonly euVatCheckingEnabled: boolean;
  readonly customerReferenceEnabled: boolean;
  readonly enabledItalyEInvoicing: boolean;
  readonly vatNumberStrictlyRequired: boolean;
}

export interface AssignmentConfiguration {
  readonly forceAssignment: boolean;
  readonly enableAttendeeAutocomplete: boolean;
  readonly enableTicketTransfer: boolean;
}

export interface CaptchaConfiguration {
  readonly captchaForTicketSelection: boolean;
  readonly captchaForOfflinePaymentAndFree: boolean;
}

export interface EmbeddingConfiguration {
  readonly enabled: boolean;
  /** Origin allowed to embed and receive notifications ("" when unset). */
  readonly notificationOrigin: string;
  /** Embedded pages ask no contact (the first attendee is the buyer); absent from events published before it existed. */
  readonly hideContactData?: boolean;
  /** The pages after payment show no links on (reservation metadata); absent: false. */
  readonly hideConfirmationButtons?: boolean;
}

export interface PromotionsConfiguration {
  /** Show the code box (hasAccessPromotions = this AND the event has restricted categories or codes). */
  readonly displayCodeBox: boolean;
  readonly usePartnerCode: boolean;
}

export interface OfflinePaymentConfiguration {
  readonly showOnlyBasicInstructions: boolean;
  /**
   * Deferred bank transfer (alf.io's DEFERRED_OFFLINE_PAYMENT): the organizer trusts the buyer, so the order is
   * accepted at once (seats sold, tickets issued) and the transfer is due before the event begins.
   * Catalogs published before this flag lack it: read as false.
   */
  readonly deferred: boolean;
}

/** An online event's entrance for a while (alf.io's "online configuration" call link). */
export interface JoinLink {
  readonly url: string;
  readonly validFrom: LocalDateTime;
  readonly validTo: LocalDateTime;
  /** Category keys it is for; empty: every category. */
  readonly categories: readonly string[];
}

/**
 * A fair waiting room in front of the event's sale: visitors who arrive before `opensAt` are drawn in random order
 * when it opens, later ones queue behind them in arrival order; `admissionsPerMinute` of them are let in, each
 * with a token valid `tokenValidityMinutes` that reserve-tickets asks for.
 */
export interface WaitingRoomSettings {
  /** When admissions begin, in the event's time zone. */
  readonly opensAt: LocalDateTime;
  readonly admissionsPerMinute: number;
  readonly tokenValidityMinutes: number;
}

export interface EventDetails {
  readonly shortName: string;
  readonly organizerSlug: string;
  readonly status: EventStatus;
  /** Plain-text name for calendars and e-mails (`displayName`); defaults to the title in the first content language. */
  readonly displayName: string;
  readonly title: LocalizedText;
  /** Markdown source per language. */
  readonly description: LocalizedText;
  readonly format: EventFormat;
  /** Null for ONLINE events. */
  readonly location: string | null;
  readonly geolocation: GeoLocation | null;
  /** A map link given by the organizer; when null the read side may build one from the geolocation. */
  readonly mapUrl: string | null;
  readonly start: LocalDateTime;
  readonly end: LocalDateTime;
  /** IANA zone id, e.g. `Europe/Zurich`. */
  readonly timeZone: string;
  /** ISO 4217 code. Kept for free events too (codes and categories may become paid). */
  readonly currency: string;
  readonly vatPercentage: number;
  /** Whether category prices include VAT (INCLUDED) or VAT is added on top (NOT_INCLUDED). */
  readonly vatIncluded: boolean;
  /**
   * Ordered; the first is the default. Titles and names exist in each of them; no text of the event (or of its
   * categories and services) is in another language.
   */
  readonly contentLanguages: readonly string[];
  readonly privacyPolicyUrl: string | null;
  readonly termsAndConditionsUrl: string | null;
  readonly websiteUrl: string | null;
  readonly customCss: string | null;
  /** language -> message key -> text, overriding the interface bundles for this event. */
  readonly i18nOverrides: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** sha256 of a FileStored blob. */
  readonly imageFileId: string | null;
  readonly tags: readonly string[];
  readonly invoicing: InvoicingConfiguration;
  readonly assignment: AssignmentConfiguration;
  readonly captcha: CaptchaConfiguration;
  readonly embedding: EmbeddingConfiguration;
  readonly promotions: PromotionsConfiguration;
  readonly offlinePayment: OfflinePaymentConfiguration;
  readonly allowedPaymentProxies: readonly PaymentProxy[];
  /** ALLOW_FREE_TICKETS_CANCELLATION: a holder may release a free ticket (absent from events published before it existed: false). */
  readonly allowFreeTicketsCancellation?: boolean;
  /** Where online attendees enter, through their ticket's check-in link (absent: none). */
  readonly joinLinks?: readonly JoinLink[];
  /** Minutes a reservation holds its seats before it expires (RESERVATION_TIMEOUT, default 25). */
  readonly reservationValidityMinutes: number;
  /** A queue in front of the sale (absent or null: none; every event published before it existed has none). */
  readonly waitingRoom?: WaitingRoomSettings | null;
  /** Default of the per-category maximum (MAX_AMOUNT_OF_TICKETS_BY_RESERVATION, default 5). */
  readonly maxTicketsPerReservation: number;
  /** DISPLAY_TICKETS_LEFT_INDICATOR: expose availableTicketsCount / availableTickets. */
  readonly displayTicketsLeft: boolean;
  /** DISPLAY_EXPIRED_CATEGORIES: list expired categories (collapsed). */
  readonly displayExpiredCategories: boolean;
  /** ENABLE_WAITING_QUEUE: a sold-out event takes waiting-list subscriptions. */
  readonly waitingListEnabled: boolean;
  /** ENABLE_PRE_REGISTRATION: before any category is on sale, take pre-sale registrations. */
  readonly preRegistrationEnabled: boolean;
}

/** First event of an `event-{shortName}` stream. */
export type EventPublished = DomainEvent<'EventPublished', { readonly event: EventDetails }>;
/** Any field of EventDetails changed; carries the whole new details. */
export type EventDetailsChanged = DomainEvent<'EventDetailsChanged', { readonly event: EventDetails }>;

// ---------------------------------------------------------------- capacity (pretix's Quota)

/**
 * A pool of seats that one or more categories sell from. Apart from the category so that several
 * categories (early bird, regular) can share one hall; inventory streams guard it.
 */
export interface Capacity {
  readonly id: number;
  readonly key: string;
  readonly name: string | null;
  readonly size: number;
}

export type CapacityDefined = DomainEvent<'CapacityDefined', { readonly eventShortName: string; readonly capacity: Capacity }>;
export type CapacityChanged = DomainEvent<'CapacityChanged', { readonly eventShortName: string; readonly capacity: Capacity }>;
export type CapacityRemoved = DomainEvent<'CapacityRemoved', { readonly eventShortName: string; readonly capacityId: number; readonly key: string }>;
/** The event sells at most `seats` tickets over all categories (alf.io's event `availableSeats`). */
export type TotalSeatsCapped = DomainEvent<'TotalSeatsCapped', { readonly eventShortName: string; readonly seats: number }>;
/** The event no longer caps its total: only capacities limit sales. */
export type TotalSeatsUncapped = DomainEvent<'TotalSeatsUncapped', { readonly eventShortName: string }>;

// ---------------------------------------------------------------- ticket category

export type TicketAccessType = 'INHERIT' | 'IN_PERSON' | 'ONLINE';

export interface TicketCategory {
  /** Stable within the event: assigned once per key, never reused. */
  readonly id: number;
  /** The organizer's identifier in the catalog file. */
  readonly key: string;
  readonly name: LocalizedText;
  /** Markdown source per language. */
  readonly description: LocalizedText;
  /** Minor units; 0 = free. VAT-inclusive or net per the event's vatIncluded. */
  readonly price: number;
  /** The capacity this category sells from; null = unbounded (limited only by the event's total seats). */
  readonly capacityId: number | null;
  /** Sale window in the event's time zone. */
  readonly sale: SaleWindow;
  /** Hidden unless the buyer has an ACCESS code for it. */
  readonly accessRestricted: boolean;
  /** Null: the event's maxTicketsPerReservation. */
  readonly maxPerReservation: number | null;
  readonly accessType: TicketAccessType;
  /** Display order (ascending). */
  readonly ordinal: number;
  /** A code that, used in `/event/{e}/code/{code}`, reserves one ticket of this category directly. */
  readonly code: string | null;
}

export type TicketCategoryAdded = DomainEvent<'TicketCategoryAdded', { readonly eventShortName: string; readonly category: TicketCategory }>;
export type TicketCategoryChanged = DomainEvent<'TicketCategoryChanged', { readonly eventShortName: string; readonly category: TicketCategory }>;
export type TicketCategoryRemoved = DomainEvent<'TicketCategoryRemoved', { readonly eventShortName: string; readonly categoryId: number; readonly key: string }>;

// ---------------------------------------------------------------- additional service

export type AdditionalServiceType = 'SUPPLEMENT' | 'DONATION';
export type SupplementPolicy =
  | 'MANDATORY_ONE_FOR_TICKET'
  | 'MANDATORY_PERCENTAGE_FOR_TICKET'
  | 'MANDATORY_PERCENTAGE_RESERVATION'
  | 'OPTIONAL_UNLIMITED_AMOUNT'
  | 'OPTIONAL_MAX_AMOUNT_PER_RESERVATION'
  | 'OPTIONAL_MAX_AMOUNT_PER_TICKET';
/** INHERITED: the event's VAT; NONE: no VAT; CUSTOM_*: its own percentage, included in the price or added. */
export type AdditionalServiceVatType = 'INHERITED' | 'NONE' | 'CUSTOM_INCLUDED' | 'CUSTOM_EXCLUDED';

/** A supplement every ticket or reservation carries (MANDATORY_*): booked with them, never chosen, and no stock of its own. */
export const isMandatory = (service: Pick<AdditionalService, 'supplementPolicy'>): boolean => service.supplementPolicy?.startsWith('MANDATORY_') ?? false;

export interface AdditionalService {
  readonly id: number;
  readonly key: string;
  readonly type: AdditionalServiceType;
  readonly title: LocalizedText;
  /** Markdown source per language. */
  readonly description: LocalizedText;
  /** Null for donations. */
  readonly supplementPolicy: SupplementPolicy | null;
  /** True: the price below; false: the buyer enters an amount (donations), clamped to min/max. */
  readonly fixPrice: boolean;
  /** Minor units; for fixPrice false the suggested amount. Unused by the percentage policies. */
  readonly price: number;
  /** MANDATORY_PERCENTAGE_* only: percent of the ticket or reservation total. */
  readonly percentage: number | null;
  /** Bounds (minor units) of a custom amount or of a percentage-computed price; null = none. */
  readonly minPrice: number | null;
  readonly maxPrice: number | null;
  /** Default 999. Items to sell in all, of an optional supplement or a donation: a mandatory one (isMandatory) has no stock. */
  readonly availableQuantity: number;
  readonly maxQtyPerOrder: number;
  /** Sale window in the event's time zone. */
  readonly sale: SaleWindow;
  readonly vatType: AdditionalServiceVatType;
  /** CUSTOM_* only. */
  readonly vatPercentage: number | null;
  readonly ordinal: number;
}

export type AdditionalServiceAdded = DomainEvent<'AdditionalServiceAdded', { readonly eventShortName: string; readonly service: AdditionalService }>;
export type AdditionalServiceChanged = DomainEvent<'AdditionalServiceChanged', { readonly eventShortName: string; readonly service: AdditionalService }>;
export type AdditionalServiceRemoved = DomainEvent<'AdditionalServiceRemoved', { readonly eventShortName: string; readonly serviceId: number; readonly key: string }>;

// ---------------------------------------------------------------- attendee fields (alf.io's additional fields)

/** The nine field types of the booking form (spec point 2, extra field types). */
export type AttendeeFieldType =
  | 'input:text'
  | 'input:tel'
  | 'vat:eu'
  | 'textarea'
  | 'country'
  | 'select'
  | 'checkbox'
  | 'radio'
  | 'input:dateOfBirth';

/**
 * A question asked of each attendee (or, with `additionalServiceId`, of each booked item of a supplement) on
 * the booking step, before or after the standard name and e-mail fields.
 */
export interface AttendeeField {
  /** Unique within the event, never renamed: the form key (`additional[name]`) and the stored answer's key. */
  readonly name: string;
  readonly type: AttendeeFieldType;
  /** Display order (ascending) within its position. */
  readonly ordinal: number;
  readonly beforeStandardFields: boolean;
  readonly required: boolean;
  /** An answer given on an acquired ticket may still be changed. */
  readonly editable: boolean;
  /** Text: characters; input:dateOfBirth: age in years (minLength = youngest allowed, maxLength = oldest). */
  readonly minLength: number | null;
  readonly maxLength: number | null;
  /** select / radio / checkbox: the allowed values (the answer must be one of them). */
  readonly restrictedValues: readonly string[];
  /** Values still shown but no longer accepted (`error.disabledValue`). */
  readonly disabledValues: readonly string[];
  /** Categories whose tickets ask it; empty = every category. */
  readonly categoryIds: readonly number[];
  /** Non-null: asked once per booked item of this supplement instead of per ticket. */
  readonly additionalServiceId: number | null;
  readonly label: LocalizedText;
  readonly placeholder: LocalizedText;
  /** restricted value -> language -> text. */
  readonly restrictedValuesDescription: Readonly<Record<string, LocalizedText>>;
}

export type AttendeeFieldAdded = DomainEvent<'AttendeeFieldAdded', { readonly eventShortName: string; readonly field: AttendeeField }>;
export type AttendeeFieldChanged = DomainEvent<'AttendeeFieldChanged', { readonly eventShortName: string; readonly field: AttendeeField }>;
export type AttendeeFieldRemoved = DomainEvent<'AttendeeFieldRemoved', { readonly eventShortName: string; readonly name: string }>;

// ---------------------------------------------------------------- attendee polls

/** DRAFT: prepared, shown to nobody; OPEN: checked-in attendees see it and answer; CLOSED: over, answers refused. */
export type PollStatus = 'DRAFT' | 'OPEN' | 'CLOSED';

export interface PollOption {
  /** Unique within the poll: answers name the option by it. */
  readonly id: number;
  readonly title: LocalizedText;
  /** Plain text per language. */
  readonly description: LocalizedText;
}

/**
 * A question put to the attendees of an event who checked in (alf.io's attendee polls): each answers it with
 * the PIN their ticket shows, once, and may change their answer while it is OPEN. The organizer opens and
 * closes it by importing the catalog again with another status.
 */
export interface Poll {
  /** Unique within the event: the public API and the answers' stream name the poll by it. */
  readonly id: number;
  readonly status: PollStatus;
  readonly title: LocalizedText;
  /** Plain text per language. */
  readonly description: LocalizedText;
  /** Only tickets carrying one of these tags may see and answer it; empty = every checked-in ticket. */
  readonly allowedTags: readonly string[];
  /** Display order (ascending). */
  readonly order: number;
  readonly options: readonly PollOption[];
}

export type PollAdded = DomainEvent<'PollAdded', { readonly eventShortName: string; readonly poll: Poll }>;
export type PollChanged = DomainEvent<'PollChanged', { readonly eventShortName: string; readonly poll: Poll }>;
export type PollRemoved = DomainEvent<'PollRemoved', { readonly eventShortName: string; readonly pollId: number }>;

// ---------------------------------------------------------------- promo and access codes

export type PromoCodeType = 'DISCOUNT' | 'ACCESS';
/** NONE only for ACCESS codes that give no discount. */
export type DiscountType = 'FIXED_AMOUNT' | 'FIXED_AMOUNT_RESERVATION' | 'PERCENTAGE' | 'NONE';

export interface PromoCode {
  /** What the buyer types; unique within the event (case-sensitive, as alf.io). */
  readonly code: string;
  readonly type: PromoCodeType;
  readonly discountType: DiscountType;
  /** FIXED_*: minor units; PERCENTAGE: whole percent 1..100; NONE: 0. */
  readonly discountAmount: number;
  /** Validity window in the event's time zone. */
  readonly validFrom: LocalDateTime | null;
  readonly validTo: LocalDateTime | null;
  /** Null = unlimited confirmed uses. */
  readonly maxUsage: number | null;
  /** Categories it applies to (DISCOUNT) or reveals (ACCESS); empty = all (DISCOUNT only). */
  readonly categoryIds: readonly number[];
  /** When set, the code is only valid for this currency. */
  readonly currency: string | null;
  readonly description: string | null;
}

export type PromoCodeAdded = DomainEvent<'PromoCodeAdded', { readonly eventShortName: string; readonly promoCode: PromoCode }>;
export type PromoCodeChanged = DomainEvent<'PromoCodeChanged', { readonly eventShortName: string; readonly promoCode: PromoCode }>;
export type PromoCodeRemoved = DomainEvent<'PromoCodeRemoved', { readonly eventShortName: string; readonly code: string }>;

export type EventCatalogEvent =
  | EventPublished
  | EventDetailsChanged
  | CapacityDefined
  | CapacityChanged
  | CapacityRemoved
  | TotalSeatsCapped
  | TotalSeatsUncapped
  | TicketCategoryAdded
  | TicketCategoryChanged
  | TicketCategoryRemoved
  | AdditionalServiceAdded
  | AdditionalServiceChanged
  | AdditionalServiceRemoved
  | AttendeeFieldAdded
  | AttendeeFieldChanged
  | AttendeeFieldRemoved
  | PromoCodeAdded
  | PromoCodeChanged
  | PromoCodeRemoved
  | PollAdded
  | PollChanged
  | PollRemoved;

// ---------------------------------------------------------------- subscription descriptor

export type SubscriptionValidityType = 'STANDARD' | 'CUSTOM' | 'NOT_SET';
export type SubscriptionTimeUnit = 'DAYS' | 'MONTHS' | 'YEARS';
export type SubscriptionUsageType = 'ONCE_PER_EVENT' | 'UNLIMITED';

export interface SubscriptionDescriptor {
  readonly id: string;
  readonly organizerSlug: string;
  /** Listed on the storefront; a non-public descriptor is reachable only by id. */
  readonly isPublic: boolean;
  readonly title: LocalizedText;
  /** Markdown source per language. */
  readonly description: LocalizedText;
  readonly contentLanguages: readonly string[];
  readonly imageFileId: string | null;
  /** Minor units. */
  readonly price: number;
  readonly currency: string;
  readonly vatPercentage: number;
  readonly vatIncluded: boolean;
  readonly timeZone: string;
  /** When it can be bought (`salePeriod`, formattedOnSaleFrom/To). */
  readonly sale: SaleWindow;
  /**
   * STANDARD: valid `validityUnits` x `validityTimeUnit` from purchase; CUSTOM: from validFrom to validTo;
   * NOT_SET: no time limit.
   */
  readonly validityType: SubscriptionValidityType;
  readonly validityUnits: number | null;
  readonly validityTimeUnit: SubscriptionTimeUnit | null;
  readonly validFrom: LocalDateTime | null;
  readonly validTo: LocalDateTime | null;
  readonly usageType: SubscriptionUsageType;
  /** Null = unlimited entries. */
  readonly maxEntries: number | null;
  /** How many can be sold; null = unlimited (numAvailable 2147483647). */
  readonly maxAvailable: number | null;
  /** Events it can be used for (their shortNames). */
  readonly compatibleEventShortNames: readonly string[];
  /**
   * The categories it pays for, per event (alf.io's subscription_event.compatible_categories): event shortName ->
   * ids of its categories. An event of compatibleEventShortNames missing here, or with an empty list: every
   * category of it. Absent from descriptors published before restrictions existed, and when no event has one
   * (so a re-import of an unrestricted descriptor changes nothing).
   */
  readonly compatibleCategoryIds?: Readonly<Record<string, readonly number[]>>;
  readonly privacyPolicyUrl: string | null;
  readonly termsAndConditionsUrl: string | null;
  readonly websiteUrl: string | null;
  readonly allowedPaymentProxies: readonly PaymentProxy[];
  /** Show the PIN to the owner (SubscriptionInfo.configuration.displayPin). */
  readonly displayPin: boolean;
  readonly reservationValidityMinutes: number;
  /**
   * Its pages may be framed by a host, which hears of its orders' status (as an event's): absent when not
   * configured (every descriptor published before it existed), so a re-import of one without it changes nothing.
   */
  readonly embedding?: { readonly enabled: boolean; readonly notificationOrigin: string };
}

export type SubscriptionDescriptorPublished = DomainEvent<'SubscriptionDescriptorPublished', { readonly descriptor: SubscriptionDescriptor }>;
export type SubscriptionDescriptorChanged = DomainEvent<'SubscriptionDescriptorChanged', { readonly descriptor: SubscriptionDescriptor }>;
export type SubscriptionDescriptorEvent = SubscriptionDescriptorPublished | SubscriptionDescriptorChanged;

// ---------------------------------------------------------------- files

/** Image bytes, content-addressed: `fileId` is the sha256 hex of the decoded bytes. */
export type FileStored = DomainEvent<
  'FileStored',
  { readonly fileId: string; readonly contentType: string; readonly size: number; readonly base64: string }
>;

export type CatalogEvent = OrganizerEvent | EventCatalogEvent | SubscriptionDescriptorEvent | FileStored;

/** Every type string of the catalog, for projections' `canHandle`. */
export const catalogEventTypes = [
  'OrganizerRegistered',
  'OrganizerUpdated',
  'EventPublished',
  'EventDetailsChanged',
  'CapacityDefined',
  'CapacityChanged',
  'CapacityRemoved',
  'TotalSeatsCapped',
  'TotalSeatsUncapped',
  'TicketCategoryAdded',
  'TicketCategoryChanged',
  'TicketCategoryRemoved',
  'AdditionalServiceAdded',
  'AdditionalServiceChanged',
  'AdditionalServiceRemoved',
  'AttendeeFieldAdded',
  'AttendeeFieldChanged',
  'AttendeeFieldRemoved',
  'PromoCodeAdded',
  'PromoCodeChanged',
  'PromoCodeRemoved',
  'PollAdded',
  'PollChanged',
  'PollRemoved',
  'SubscriptionDescriptorPublished',
  'SubscriptionDescriptorChanged',
  'FileStored',
] as const satisfies readonly CatalogEvent['type'][];

// Fails to compile when an event type is missing from the list above.
type Unlisted = Exclude<CatalogEvent['type'], (typeof catalogEventTypes)[number]>;
const everyTypeListed: Unlisted extends never ? true : never = true;
void everyTypeListed;

export function isCatalogEvent(event: { readonly type: string }): event is CatalogEvent {
  return (catalogEventTypes as readonly string[]).includes(event.type);
}

/** Stream ids, written once so writers and readers agree. */
export const catalogStreams = {
  organizer: (slug: string) => `organizer-${slug}`,
  event: (shortName: string) => `event-${shortName}`,
  subscriptionDescriptor: (id: string) => `subscription-descriptor-${id}`,
  file: (sha256: string) => `file-${sha256}`,
} as const;
