import type { Answer, BrowserPage } from './browser-page.js';
import type {
  AlfioEvent,
  DynamicDiscount,
  EventCode,
  Info,
  ItemsByCategory,
  Language,
  Country,
  ReservationInfo,
  ReservationPaymentResult,
  ReservationStatusInfo,
  ValidatedResponse,
} from './alfio-models.js';
import type { ContactAndTicketsForm, OverviewForm, ReservationRequest, TicketForm, WaitingListForm } from './alfio-forms.js';

/**
 * Every call alf.io's public Angular client makes on the flows the suite replays, one function per call, built as
 * its services build them: the same method, path, query parameters (all text) and body. Paths below are of
 * alfio-event/alf.io @7ec24c04, frontend/projects/public/src/app/; the row names (I1, E2 ...) are those of the
 * catalogue of the client's requests (/tmp/research/alfio-client-requests.md, section 2).
 */

/** I1: shared/info.service.ts getInfo. */
export const getInfo = (page: BrowserPage): Promise<Answer<Info>> => page.get('/api/v2/info');

/** I2: shared/i18n.service.ts CustomLoader.getTranslation. */
export const getTranslation = (page: BrowserPage, lang: string): Promise<Answer<Record<string, string>>> =>
  page.get(`/api/v2/public/i18n/bundle/${lang}`);

/** I3: shared/i18n.service.ts getAvailableLanguages (LanguageGuard's fallback, home page, my-orders). */
export const getAvailableLanguages = (page: BrowserPage): Promise<Answer<Language[]>> => page.get('/api/v2/public/i18n/languages');

/** I4: shared/i18n.service.ts getCountries (the `country` question of additional-field.component). */
export const getCountries = (page: BrowserPage, locale: string): Promise<Answer<Country[]>> => page.get(`/api/v2/public/i18n/countries/${locale}`);

/** I5: shared/i18n.service.ts getVatCountries (reservation/invoice-form). */
export const getVatCountries = (page: BrowserPage, locale: string): Promise<Answer<Country[]>> =>
  page.get(`/api/v2/public/i18n/countries-vat/${locale}`);

/** E2: shared/event.service.ts getEvent (EventGuard, event-display, booking, overview, success). */
export const getEvent = (page: BrowserPage, shortName: string): Promise<Answer<AlfioEvent>> => page.get(`/api/v2/public/event/${shortName}`);

/** E3: shared/event.service.ts getEventTicketsInfo: `code` only when a code is applied. */
export const getEventTicketsInfo = (page: BrowserPage, shortName: string, code?: string | null): Promise<Answer<ItemsByCategory>> =>
  page.get(`/api/v2/public/event/${shortName}/ticket-categories`, code ? { code } : undefined);

/** E4: shared/event.service.ts validateCode. */
export const validateCode = (page: BrowserPage, shortName: string, code: string): Promise<Answer<ValidatedResponse<EventCode>>> =>
  page.get(`/api/v2/public/event/${shortName}/validate-code`, { code });

/** E5: shared/event.service.ts submitWaitingListSubscriptionRequest. */
export const submitWaitingListSubscriptionRequest = (page: BrowserPage, shortName: string, form: WaitingListForm): Promise<Answer<ValidatedResponse<boolean>>> =>
  page.post(`/api/v2/public/event/${shortName}/waiting-list/subscribe`, form);

/** R1: shared/reservation.service.ts reserveTickets. */
export const reserveTickets = (page: BrowserPage, shortName: string, request: ReservationRequest, lang: string): Promise<Answer<ValidatedResponse<string>>> =>
  page.post(`/api/v2/public/event/${shortName}/reserve-tickets`, request, { lang });

/** R1b: shared/reservation.service.ts checkDynamicDiscountAvailability (no lang). */
export const checkDynamicDiscountAvailability = (page: BrowserPage, shortName: string, request: ReservationRequest): Promise<Answer<DynamicDiscount | null>> =>
  page.post(`/api/v2/public/event/${shortName}/check-discount`, request);

/** R2: shared/reservation.service.ts getReservationStatusInfo (reservation/reservation.guard.ts, before every reservation page). */
export const getReservationStatusInfo = (page: BrowserPage, reservationId: string): Promise<Answer<ReservationStatusInfo>> =>
  page.get(`/api/v2/public/reservation/${reservationId}/status`);

/** R3: shared/reservation.service.ts getReservationInfo. */
export const getReservationInfo = (page: BrowserPage, reservationId: string): Promise<Answer<ReservationInfo>> =>
  page.get(`/api/v2/public/reservation/${reservationId}`);

/** R4: shared/reservation.service.ts cancelPendingReservation. */
export const cancelPendingReservation = (page: BrowserPage, reservationId: string): Promise<Answer<boolean>> =>
  page.delete(`/api/v2/public/reservation/${reservationId}`);

/** R5: shared/reservation.service.ts validateToOverview: `ignoreWarnings` as text ('' + bool). */
export const validateToOverview = (
  page: BrowserPage,
  reservationId: string,
  form: ContactAndTicketsForm,
  lang: string,
  ignoreWarnings: boolean,
): Promise<Answer<ValidatedResponse<boolean>>> =>
  page.post(`/api/v2/public/reservation/${reservationId}/validate-to-overview`, form, { lang, ignoreWarnings: '' + ignoreWarnings });

/** R6: shared/reservation.service.ts confirmOverview. */
export const confirmOverview = (page: BrowserPage, reservationId: string, form: OverviewForm, lang: string): Promise<Answer<ValidatedResponse<ReservationPaymentResult>>> =>
  page.post(`/api/v2/public/reservation/${reservationId}`, form, { lang });

/** R7: shared/reservation.service.ts backToBooking. */
export const backToBooking = (page: BrowserPage, reservationId: string): Promise<Answer<boolean>> =>
  page.post(`/api/v2/public/reservation/${reservationId}/back-to-booking`, {});

/** R8: shared/reservation.service.ts reSendReservationEmail (reservation/success: type `event`). */
export const reSendReservationEmail = (page: BrowserPage, type: 'event' | 'subscription', publicIdentifier: string, reservationId: string, lang: string): Promise<Answer<boolean>> =>
  page.post(`/api/v2/public/${type}/${publicIdentifier}/reservation/${reservationId}/re-send-email`, {}, { lang });

/** R11: shared/reservation.service.ts getApplicableCustomPaymentMethodDetails (overview and payment-method-selector, each once). */
export const getApplicableCustomPaymentMethodDetails = (page: BrowserPage, reservationId: string): Promise<Answer<unknown[]>> =>
  page.get(`/api/v2/public/reservation/${reservationId}/applicable-custom-payment-method-details`);

/** T4: shared/ticket.service.ts sendTicketByEmail (the success page's button of a ticket with `sendMailEnabled`). */
export const sendTicketByEmail = (page: BrowserPage, shortName: string, ticketUuid: string): Promise<Answer<boolean>> =>
  page.post(`/api/v2/public/event/${shortName}/ticket/${ticketUuid}/send-ticket-by-email`, {});

/** T5: shared/ticket.service.ts updateTicket (the success page's form of an unlocked ticket). */
export const updateTicket = (page: BrowserPage, shortName: string, ticketUuid: string, ticket: TicketForm): Promise<Answer<ValidatedResponse<boolean>>> =>
  page.put(`/api/v2/public/event/${shortName}/ticket/${ticketUuid}`, ticket);

/**
 * The PDF link of a ticket with `downloadEnabled` (reservation/success/success.component.html,
 * download-ticket.component.html): followed by the browser, outside HttpClient and its interceptors.
 */
export const downloadTicketUrl = (shortName: string, ticketUuid: string): string => `/api/v2/public/event/${shortName}/ticket/${ticketUuid}/download-ticket`;
