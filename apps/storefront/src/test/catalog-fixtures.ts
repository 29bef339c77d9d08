import type {
  AdditionalService,
  BasicEventInfo,
  BasicSubscriptionDescriptorInfo,
  EventWithAdditionalInfo,
  ItemsByCategory,
  SubscriptionDescriptorWithAdditionalInfo,
  TicketCategory,
} from '../api/catalog-queries';

const configurations = {
  invoicingConfiguration: {
    customerReferenceEnabled: false,
    enabledItalyEInvoicing: false,
    euVatCheckingEnabled: false,
    invoiceAllowed: false,
    onlyInvoice: false,
    userCanDownloadReceiptOrInvoice: true,
    vatNumberStrictlyRequired: false,
  },
  captchaConfiguration: { captchaForOfflinePaymentAndFree: false, captchaForTicketSelection: false, recaptchaApiKey: null },
  assignmentConfiguration: { enableAttendeeAutocomplete: false, enableTicketTransfer: false, forceAssignment: false },
  analyticsConfiguration: { clientId: null, googleAnalyticsKey: null, googleAnalyticsScrambledInfo: false },
  embeddingConfiguration: { enabled: false, notificationOrigin: '' },
};

/** Catalog answers in the wire shape of public-api.md section 2, for tests. */
const languages = { en: { locale: 'en', displayLanguage: 'English' }, it: { locale: 'it', displayLanguage: 'Italiano' }, de: { locale: 'de', displayLanguage: 'Deutsch' } };
type Lang = keyof typeof languages;

const perLanguage = (text: string, langs: readonly Lang[]) => Object.fromEntries(langs.map((l) => [l, `${text}`]));

export function makeBasicEvent(shortName: string, overrides: Partial<BasicEventInfo> & { langs?: Lang[] } = {}): BasicEventInfo {
  const { langs = ['en'], ...rest } = overrides;
  return {
    shortName,
    fileBlobId: `blob-${shortName}`,
    title: Object.fromEntries(langs.map((l) => [l, `${shortName} (${l})`])),
    format: 'IN_PERSON',
    location: 'Via Roma 1, Milano',
    timeZone: 'Europe/Rome',
    datesWithOffset: { startDateTime: Date.UTC(2027, 5, 12, 16), startTimeZoneOffset: 7200, endDateTime: Date.UTC(2027, 5, 12, 20), endTimeZoneOffset: 7200 },
    sameDay: true,
    formattedBeginDate: { en: 'Sat 12 Jun 2027', it: 'sab 12 giu 2027', de: 'Sa. 12 Juni 2027' },
    formattedBeginTime: { en: '18:00', it: '18:00', de: '18:00' },
    formattedEndDate: { en: 'Sat 12 Jun 2027', it: 'sab 12 giu 2027', de: 'Sa. 12 Juni 2027' },
    formattedEndTime: { en: '22:00', it: '22:00', de: '22:00' },
    contentLanguages: langs.map((l) => languages[l]),
    ...rest,
  };
}

export function makeEvent(shortName: string, overrides: Partial<EventWithAdditionalInfo> & { langs?: Lang[] } = {}): EventWithAdditionalInfo {
  const { langs = ['en'], ...rest } = overrides;
  return {
    ...makeBasicEvent(shortName, { langs }),
    displayName: shortName,
    waitingRoom: null,
    websiteUrl: 'https://example.org/event',
    mapUrl: null,
    organizationName: 'Milano Dev',
    organizationEmail: 'info@milanodev.example',
    description: Object.fromEntries(langs.map((l) => [l, `<p>About ${shortName} in ${l}</p>`])),
    privacyPolicyUrl: null,
    termsAndConditionsUrl: 'https://example.org/terms',
    currency: 'CHF',
    currencyDescriptor: { code: 'CHF', name: 'Swiss Franc', symbol: 'CHF', fractionDigits: 2 },
    vat: '7.70',
    vatIncluded: true,
    free: false,
    bankAccount: '',
    bankAccountOwner: [''],
    ...configurations,
    offlinePaymentConfiguration: { showOnlyBasicInstructions: false },
    promotionsConfiguration: { hasAccessPromotions: true, usePartnerCode: false },
    i18nOverride: {},
    availableTicketsCount: null,
    customCss: null,
    canApplySubscriptions: false,
    ...rest,
  };
}

export function makeCategory(id: number, name: string, overrides: Partial<TicketCategory> = {}): TicketCategory {
  return {
    id,
    name,
    localizedName: { en: name },
    description: { en: `<p>${name} description</p>` },
    ticketAccessType: 'INHERIT',
    bounded: true,
    maximumSaleableTickets: 5,
    free: false,
    formattedFinalPrice: '100.00',
    hasDiscount: false,
    formattedDiscountedPrice: '',
    ordinal: id,
    expired: false,
    saleInFuture: false,
    containsPendingTickets: false,
    formattedInception: { en: '01.01.2027 10:00' },
    formattedExpiration: { en: '11.06.2027 23:59' },
    saleableAndLimitNotReached: true,
    accessRestricted: false,
    soldOutOrLimitReached: false,
    availableTickets: null,
    displayTaxInformation: true,
    ...overrides,
  };
}

export function makeService(id: number, type: 'SUPPLEMENT' | 'DONATION', title: string, overrides: Partial<AdditionalService> = {}): AdditionalService {
  return {
    id,
    type,
    supplementPolicy: type === 'SUPPLEMENT' ? 'OPTIONAL_MAX_AMOUNT_PER_TICKET' : null,
    fixPrice: true,
    availableQuantity: 100,
    maxQtyPerOrder: 2,
    free: false,
    formattedFinalPrice: '15.00',
    hasDiscount: false,
    formattedDiscountedPrice: '',
    vatApplies: true,
    vatIncluded: true,
    vatPercentage: '7.70',
    expired: false,
    saleInFuture: false,
    formattedInception: { en: '01.01.2027 10:00' },
    formattedExpiration: { en: '11.06.2027 23:59' },
    title: { en: title },
    description: { en: `<p>${title} description</p>` },
    ...overrides,
  };
}

export function makeItems(overrides: Partial<ItemsByCategory> = {}): ItemsByCategory {
  return {
    ticketCategories: [makeCategory(1, 'Standard')],
    expiredCategories: [],
    additionalServices: [],
    waitingList: false,
    preSales: false,
    ticketCategoriesForWaitingList: [],
    ...overrides,
  };
}

export function makeBasicSubscription(id: string, overrides: Partial<BasicSubscriptionDescriptorInfo> & { langs?: Lang[] } = {}): BasicSubscriptionDescriptorInfo {
  const { langs = ['en'], ...rest } = overrides;
  return {
    id,
    fileBlobId: null,
    title: Object.fromEntries(langs.map((l) => [l, `Pass ${id.slice(0, 4)} (${l})`])),
    description: perLanguage('<p>Ten concerts</p>', langs),
    salePeriod: { startDateTime: 0, startTimeZoneOffset: 0, endDateTime: 0, endTimeZoneOffset: 0 },
    validityType: 'STANDARD',
    usageType: 'ONCE_PER_EVENT',
    timeZone: 'Europe/Zurich',
    validityTimeUnit: 'MONTHS',
    validityUnits: 12,
    maxEntries: 10,
    formattedPrice: '250.00',
    currency: 'CHF',
    currencyDescriptor: null,
    vat: 7.7,
    vatIncluded: true,
    formattedOnSaleFrom: { en: '01.01.2027 00:00' },
    formattedOnSaleTo: { en: '31.12.2027 23:59' },
    formattedValidFrom: null,
    formattedValidTo: null,
    organizationEmail: null,
    organizationName: null,
    contentLanguages: langs.map((l) => languages[l]),
    ...rest,
  };
}

export function makeSubscription(overrides: Partial<SubscriptionDescriptorWithAdditionalInfo> & { langs?: Lang[] } = {}): SubscriptionDescriptorWithAdditionalInfo {
  const { langs = ['en'], ...rest } = overrides;
  const { id: _id, ...basic } = makeBasicSubscription(SUBSCRIPTION_ID, { langs });
  return {
    ...basic,
    ...configurations,
    bankAccount: '',
    bankAccountOwner: [''],
    canApplySubscriptions: false,
    offlinePaymentConfiguration: null,
    vat: '7.70',
    free: false,
    privacyPolicyUrl: null,
    termsAndConditionsUrl: null,
    websiteUrl: 'https://example.org/pass',
    organizationEmail: 'info@seeklang.example',
    organizationName: 'Seeklang',
    numAvailable: 2147483647,
    ...rest,
  };
}

export const SUBSCRIPTION_ID = '6f1c2a8e-1d2b-4c3d-9e4f-5a6b7c8d9e0f';

/**
 * A fetch double answering by path (and query, when the key has one); a key may start with the method
 * (`'POST /api/...'`), which wins over the bare path. Records every URL it was asked for (`calls`) and every
 * request with its method, headers and JSON body (`requests`).
 * A value is the JSON body of a 200; `{ status, body, headers }` answers that status; a function gets the URL
 * and the request and answers either.
 */
export type FakeAnswer = unknown | { status: number; body?: unknown; headers?: Record<string, string> };

export interface FakeRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Headers;
  readonly body: unknown;
}

type FakeRoute = FakeAnswer | ((url: URL, request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>);

export function fakeApi(routes: Record<string, FakeRoute>) {
  const calls: string[] = [];
  const requests: FakeRequest[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname + url.search;
    const request: FakeRequest = { method, url: path, headers: new Headers(init.headers), body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
    calls.push(path);
    requests.push(request);
    const route = routes[`${method} ${path}`] ?? routes[`${method} ${url.pathname}`] ?? routes[path] ?? routes[url.pathname];
    if (route === undefined) return new Response('', { status: 404 });
    const answer = typeof route === 'function' ? await (route as (url: URL, request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>)(url, request) : route;
    const withStatus = isStatusAnswer(answer) ? answer : { status: 200, body: answer };
    const body = withStatus.body === undefined ? '' : JSON.stringify(withStatus.body);
    const headers = { ...(body ? { 'Content-Type': 'application/json' } : {}), ...withStatus.headers };
    return new Response(withStatus.status === 204 ? null : body, { status: withStatus.status, headers });
  };
  return { fetch, calls, requests };
}

function isStatusAnswer(answer: unknown): answer is { status: number; body?: unknown; headers?: Record<string, string> } {
  return (
    typeof answer === 'object' &&
    answer !== null &&
    'status' in answer &&
    typeof (answer as { status: unknown }).status === 'number' &&
    Object.keys(answer).every((k) => k === 'status' || k === 'body' || k === 'headers')
  );
}
