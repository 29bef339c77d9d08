import { expect } from 'vitest';
import type { Answer, BrowserPage } from '../client/browser-page.js';
import * as api from '../client/alfio-api.js';
import type { AlfioEvent, EventCode, Info, ItemsByCategory, ReservationInfo, ValidatedResponse } from '../client/alfio-models.js';
import { bookingForm, reserveRequestOf, submittedBookingForm, type ContactAndTicketsForm, type OverviewForm, type ReservationRequest } from '../client/alfio-forms.js';
import { expectField, expectReads, expectReadsEach, expectStatus, type Reads } from './client-reads.js';

/**
 * The client's pages, each making the requests its component makes (alfio-event/alf.io @7ec24c04,
 * frontend/projects/public/src/app/) and checking the fields of the answers that page reads (catalogue sections 3
 * and 5). Like the client's services, the tab asks for an event, the info and a bundle once and keeps them.
 */
export class ClientTab {
  /** translate.currentLang, chosen by LanguageGuard. */
  lang = 'en';
  private readonly events = new Map<string, AlfioEvent>();
  private readonly bundles = new Set<string>();
  private info: Info | null = null;
  /** Every answer, to check what holds for all of them (the OpenID header on GETs). */
  readonly answers: Answer[] = [];

  constructor(readonly page: BrowserPage) {}

  private seen<T extends Answer>(answer: T): T {
    this.answers.push(answer);
    return answer;
  }

  /** shared/event.service.ts getEvent: one request per shortName, then the cached copy (EventGuard and every page). */
  async event(shortName: string): Promise<AlfioEvent> {
    const cached = this.events.get(shortName);
    if (cached) return cached;
    const answer = this.seen(await api.getEvent(this.page, shortName));
    expectStatus('event guard', answer, 200);
    expectReads('event guard', answer, EVENT_READS);
    expectReadsEach('event guard', answer, 'contentLanguages', { locale: 'string', displayLanguage: 'string' });
    this.events.set(shortName, answer.body);
    return answer.body;
  }

  /**
   * A visitor lands on the event page: the shell, EventGuard (E2), LanguageGuard (the language among the event's,
   * its bundle, I2), then event-display.component.ts ngOnInit (E3; E2 from the cache).
   */
  async eventPage(shortName: string, preferredLang = 'en'): Promise<{ event: AlfioEvent; items: ItemsByCategory }> {
    await this.page.open(`/event/${shortName}`);
    const event = await this.event(shortName);
    const locales = event.contentLanguages.map((l) => l.locale);
    this.lang = locales.includes(preferredLang) ? preferredLang : locales[0]!;
    await this.bundle(this.lang);
    return { event, items: await this.ticketCategories(shortName) };
  }

  /** shared/i18n.service.ts CustomLoader: each language's bundle once. */
  async bundle(lang: string): Promise<void> {
    if (this.bundles.has(lang)) return;
    const answer = this.seen(await api.getTranslation(this.page, lang));
    expectStatus(`translations ${lang}`, answer, 200);
    expect(typeof answer.body, `translations ${lang}: a key -> message map`).toBe('object');
    this.bundles.add(lang);
  }

  /** E3 as event-display reads it (applyItemsByCat, the quantity selects, additional-service.component). */
  async ticketCategories(shortName: string, code?: string | null): Promise<ItemsByCategory> {
    const step = code ? `ticket categories with code ${code}` : 'ticket categories';
    const answer = this.seen(await api.getEventTicketsInfo(this.page, shortName, code));
    expectStatus(step, answer, 200);
    expectReads(step, answer, { ticketCategories: 'array', additionalServices: 'array', waitingList: 'boolean', preSales: 'boolean', ticketCategoriesForWaitingList: 'array' });
    expectReadsEach(step, answer, 'ticketCategories', CATEGORY_READS);
    expectReadsEach(step, answer, 'additionalServices', ADDITIONAL_SERVICE_READS);
    expectReadsEach(step, answer, 'ticketCategoriesForWaitingList', { id: 'number', name: 'string' });
    if (answer.body.expiredCategories !== undefined) expectReadsEach(step, answer, 'expiredCategories', CATEGORY_READS);
    return answer.body;
  }

  /**
   * event-display.component.ts internalApplyPromoCode: E4; on success E3 with `?code=`, and the form's promoCode
   * becomes the code. Returns the E4 answer (a 422 maps onto the code box) and the categories shown after it.
   */
  async applyPromoCode(shortName: string, code: string): Promise<{ answer: Answer<ValidatedResponse<EventCode>>; items: ItemsByCategory }> {
    const answer = this.seen(await api.validateCode(this.page, shortName, code));
    if (answer.status === 200) {
      expectReads('promo code', answer, { success: 'boolean', 'value.code': 'string', 'value.type': 'string', 'value.discountType': 'string', 'value.discountAmount': 'string|number|null' });
      return { answer, items: await this.ticketCategories(shortName, code) };
    }
    expectStatus('promo code refused', answer, 422);
    expectReadsEach('promo code refused', answer, 'validationErrors', { fieldName: 'string', code: 'string' });
    return { answer, items: await this.ticketCategories(shortName) };
  }

  /**
   * event-display.component.ts submitForm: R1 with the filtered form; on success the value is the reservation id
   * the router goes to.
   */
  async reserve(shortName: string, form: ReservationRequest): Promise<string> {
    const answer = this.seen(await api.reserveTickets(this.page, shortName, reserveRequestOf(form), this.lang));
    expectStatus('reserve tickets', answer, 200);
    expectField('reserve tickets', answer, 'success').toBe(true);
    expectReads('reserve tickets', answer, { value: 'string', errorCount: 'number', validationErrors: 'array', warnings: 'array' });
    return answer.body.value;
  }

  /** reservation/reservation.guard.ts: R2 before every reservation page, and the page it routes to. */
  async guard(reservationId: string): Promise<string> {
    const answer = this.seen(await api.getReservationStatusInfo(this.page, reservationId));
    if (answer.status !== 200) return 'not-found';
    expectReads('reservation guard', answer, { status: 'string', validatedBookingInformation: 'boolean' });
    const { status, validatedBookingInformation } = answer.body;
    if (status === 'PENDING') return validatedBookingInformation ? 'overview' : 'book';
    return ROUTE_OF_STATUS[status] ?? 'not-found';
  }

  /** R3, checking the fields `reads` names. */
  async reservation(step: string, reservationId: string, reads: Reads = {}): Promise<ReservationInfo> {
    const answer = this.seen(await api.getReservationInfo(this.page, reservationId));
    expectStatus(step, answer, 200);
    expectReads(step, answer, reads);
    return answer.body;
  }

  /**
   * reservation/booking/booking.component.ts ngOnInit: the guard routes to `book`, then the context (cached) and
   * R3; the form is built from both.
   */
  async bookingPage(shortName: string, reservationId: string): Promise<{ view: ReservationInfo; form: ContactAndTicketsForm }> {
    expect(await this.guard(reservationId), 'reservation guard: route for a new reservation').toBe('book');
    const event = await this.event(shortName);
    const answer = this.seen(await api.getReservationInfo(this.page, reservationId));
    expectStatus('booking page', answer, 200);
    expectReads('booking page', answer, BOOKING_READS);
    expectReadsEach('booking page', answer, 'ticketsByCategory', { name: 'string', tickets: 'array' });
    answer.body.ticketsByCategory.forEach((category, c) => {
      expectReadsEach('booking page', answer, `ticketsByCategory.${c}.tickets`, TICKET_READS);
      category.tickets.forEach((ticket, t) => {
        for (const position of ['ticketFieldConfigurationBeforeStandard', 'ticketFieldConfigurationAfterStandard'] as const) {
          const path = `ticketsByCategory.${c}.tickets.${t}.${position}`;
          expectReadsEach('booking page', answer, path, FIELD_READS);
          ticket[position].forEach((_, f) => expectReadsEach('booking page', answer, `${path}.${f}.fields`, { fieldIndex: 'number', fieldValue: 'string|null' }));
        }
      });
    });
    expectReadsEach('booking page', answer, 'additionalServiceWithData', ADDITIONAL_SERVICE_WITH_DATA_READS);
    answer.body.additionalServiceWithData.forEach((item, i) => {
      expectReadsEach('booking page', answer, `additionalServiceWithData.${i}.ticketFieldConfiguration`, FIELD_READS);
      item.ticketFieldConfiguration.forEach((_, f) =>
        expectReadsEach('booking page', answer, `additionalServiceWithData.${i}.ticketFieldConfiguration.${f}.fields`, { fieldIndex: 'number', fieldValue: 'string|null' }),
      );
    });
    return { view: answer.body, form: bookingForm(answer.body, event) };
  }

  /**
   * booking.component.ts submitForm: removeUnnecessaryFields, then R5 with ignoreWarnings=false; success with
   * warnings opens the warning modal, whose confirm sends it again with ignoreWarnings=true. Returns the first answer
   * (the caller checks a 422) and, after a success, the guard's route for the overview.
   */
  async submitBooking(reservationId: string, form: ContactAndTicketsForm): Promise<{ answer: Answer<ValidatedResponse<boolean>>; warnings: string[] }> {
    const sent = submittedBookingForm(form);
    const answer = this.seen(await api.validateToOverview(this.page, reservationId, sent, this.lang, false));
    if (answer.status !== 200) return { answer, warnings: [] };
    expectReads('booking submit', answer, { success: 'boolean', value: 'boolean', warnings: 'array' });
    expectField('booking submit', answer, 'success').toBe(true);
    const warnings = answer.body.warnings.map((w) => w.code);
    if (warnings.length > 0) {
      expectReadsEach('booking submit', answer, 'warnings', { code: 'string', params: 'array' });
      const confirmed = this.seen(await api.validateToOverview(this.page, reservationId, sent, this.lang, true));
      expectStatus('booking submit, warnings accepted', confirmed, 200);
      expectField('booking submit, warnings accepted', confirmed, 'success').toBe(true);
    }
    return { answer, warnings };
  }

  /**
   * reservation/overview/overview.component.ts ngOnInit: R11, the context (cached), R3; a paid order's
   * payment-method-selector.component.ts asks R11 again.
   */
  async overviewPage(shortName: string, reservationId: string): Promise<{ view: ReservationInfo; event: AlfioEvent }> {
    expect(await this.guard(reservationId), 'reservation guard: route after the booking step').toBe('overview');
    const custom = this.seen(await api.getApplicableCustomPaymentMethodDetails(this.page, reservationId));
    expectStatus('overview: organizer-defined payment methods', custom, 200);
    expect(Array.isArray(custom.body), 'overview: organizer-defined payment methods is a list').toBe(true);
    const event = await this.event(shortName);
    const answer = this.seen(await api.getReservationInfo(this.page, reservationId));
    expectStatus('overview', answer, 200);
    expectReads('overview', answer, OVERVIEW_READS);
    expectReadsEach('overview', answer, 'orderSummary.summary', { type: 'string', name: 'string|null', amount: 'number', price: 'string', subTotal: 'string' });
    for (const method of Object.keys(answer.body.activePaymentMethods)) {
      expectReads('overview', answer, { paymentProxy: 'string', parameters: 'object' }, `activePaymentMethods.${method}`);
    }
    if (!answer.body.orderSummary.free) {
      const again = this.seen(await api.getApplicableCustomPaymentMethodDetails(this.page, reservationId));
      expectStatus('payment method selector: organizer-defined payment methods', again, 200);
    }
    return { view: answer.body, event };
  }

  /**
   * overview.component.ts confirm: R6; success without a redirect goes to `success`, where the guard routes by the
   * new status. Returns that route.
   */
  async confirm(reservationId: string, form: OverviewForm): Promise<string> {
    const answer = this.seen(await api.confirmOverview(this.page, reservationId, form, this.lang));
    expectStatus('overview confirm', answer, 200);
    expectField('overview confirm', answer, 'success').toBe(true);
    expectReads('overview confirm', answer, { 'value.redirect': 'boolean', 'value.redirectUrl': 'string|null', 'value.success': 'boolean', 'value.failure': 'boolean' });
    expectField('overview confirm', answer, 'value.redirect').toBe(false);
    return this.guard(reservationId);
  }

  /** shared/info.service.ts getInfo: asked once, then the cached copy (10 minutes). */
  async appInfo(step: string): Promise<Info> {
    if (this.info) return this.info;
    const info = this.seen(await api.getInfo(this.page));
    expectStatus(`${step}: app info`, info, 200);
    expectReads(`${step}: app info`, info, { 'challengeConfiguration.enabled': 'boolean', 'challengeConfiguration.providerId': 'string|null', 'challengeConfiguration.apiKey': 'string|null' });
    this.info = info.body;
    return info.body;
  }

  /**
   * challenge/challenge.service.ts requestChallenge: on a challenge the client reads the info's challenge
   * configuration and opens the Turnstile widget with its site key; `widget` stands for what the widget hands back.
   */
  solveChallengesWith(widget: (siteKey: string) => string): void {
    this.page.solveChallenge = async () => {
      const { challengeConfiguration } = await this.appInfo('challenge');
      expect(challengeConfiguration.providerId, 'challenge: app info challengeConfiguration.providerId').toBe('turnstile');
      return widget(challengeConfiguration.apiKey!);
    };
  }

  /** reservation/success/success.component.ts: I1 (cached), the context (cached), R3. */
  async successPage(shortName: string, reservationId: string): Promise<ReservationInfo> {
    await this.appInfo('success page');
    await this.event(shortName);
    const answer = this.seen(await api.getReservationInfo(this.page, reservationId));
    expectStatus('success page', answer, 200);
    expectReads('success page', answer, SUCCESS_READS);
    answer.body.ticketsByCategory.forEach((_, c) =>
      expectReadsEach('success page', answer, `ticketsByCategory.${c}.tickets`, {
        uuid: 'string',
        assigned: 'boolean',
        locked: 'boolean',
        cancellationEnabled: 'boolean',
        downloadEnabled: 'boolean',
        sendMailEnabled: 'boolean',
        fullName: 'string',
        email: 'string|null',
      }),
    );
    return answer.body;
  }

  /** reservation/offline-payment/offline-payment.component.ts: the context (cached) and R3, for the transfer instructions. */
  async waitingPaymentPage(shortName: string, reservationId: string): Promise<{ view: ReservationInfo; event: AlfioEvent }> {
    const event = await this.event(shortName);
    const view = await this.reservation('waiting-payment page', reservationId, {
      status: 'string',
      shortId: 'string',
      id: 'string',
      [`formattedExpirationDate.${this.lang}`]: 'string',
      'orderSummary.totalPrice': 'string',
      'orderSummary.descriptionForPayment': 'string',
      invoiceNumber: 'string|null',
    });
    return { view, event };
  }

  /** Every GET answered carried Alfio-OpenId-Enabled (header-information-retriever.ts reads it after each). */
  getsWithoutOpenIdHeader(): string[] {
    return this.answers.filter((a) => a.method === 'GET' && a.status === 200 && a.headers.get('alfio-openid-enabled') === null).map((a) => a.path);
  }
}

const ROUTE_OF_STATUS: Record<string, string> = {
  COMPLETE: 'success',
  FINALIZING: 'success',
  OFFLINE_PAYMENT: 'waiting-payment',
  OFFLINE_FINALIZING: 'waiting-payment',
  CUSTOM_OFFLINE_PAYMENT: 'waiting-custom-payment',
  DEFERRED_OFFLINE_PAYMENT: 'deferred-payment',
  EXTERNAL_PROCESSING_PAYMENT: 'processing-payment',
  WAITING_EXTERNAL_CONFIRMATION: 'processing-payment',
  IN_PAYMENT: 'error',
  STUCK: 'error',
};

/** model/event.ts, as the event page, the booking form and the overview read it. */
const EVENT_READS: Reads = {
  shortName: 'string',
  title: 'object',
  format: 'string',
  contentLanguages: 'array',
  description: 'object',
  privacyPolicyUrl: 'string|null',
  termsAndConditionsUrl: 'string|null',
  websiteUrl: 'string|null',
  mapUrl: 'string|null',
  currency: 'string',
  vat: 'string|number',
  vatIncluded: 'boolean',
  bankAccount: 'string|null',
  bankAccountOwner: 'array',
  organizationEmail: 'string',
  organizationName: 'string',
  'datesWithOffset.startDateTime': 'number',
  'datesWithOffset.startTimeZoneOffset': 'number',
  'datesWithOffset.endDateTime': 'number',
  'datesWithOffset.endTimeZoneOffset': 'number',
  timeZone: 'string',
  sameDay: 'boolean',
  'invoicingConfiguration.userCanDownloadReceiptOrInvoice': 'boolean',
  'invoicingConfiguration.euVatCheckingEnabled': 'boolean',
  'invoicingConfiguration.invoiceAllowed': 'boolean',
  'invoicingConfiguration.onlyInvoice': 'boolean',
  'invoicingConfiguration.customerReferenceEnabled': 'boolean',
  'invoicingConfiguration.enabledItalyEInvoicing': 'boolean',
  'invoicingConfiguration.vatNumberStrictlyRequired': 'boolean',
  'captchaConfiguration.captchaForTicketSelection': 'boolean',
  'captchaConfiguration.captchaForOfflinePaymentAndFree': 'boolean',
  'captchaConfiguration.recaptchaApiKey': 'string|null',
  'assignmentConfiguration.forceAssignment': 'boolean',
  'assignmentConfiguration.enableAttendeeAutocomplete': 'boolean',
  'assignmentConfiguration.enableTicketTransfer': 'boolean',
  'promotionsConfiguration.hasAccessPromotions': 'boolean',
  'promotionsConfiguration.usePartnerCode': 'boolean',
  analyticsConfiguration: 'object',
  'embeddingConfiguration.enabled': 'boolean',
  'offlinePaymentConfiguration.showOnlyBasicInstructions': 'boolean',
  i18nOverride: 'object',
  availableTicketsCount: 'number|null',
  // custom-css-helper.ts tests `=== null`: an absent value would be applied as CSS
  customCss: 'string|null',
  canApplySubscriptions: 'boolean',
};

/** model/ticket-category.ts, as event-display and ticket-quantity-selector read it. */
const CATEGORY_READS: Reads = {
  id: 'number',
  name: 'string',
  description: 'object',
  maximumSaleableTickets: 'number',
  saleableAndLimitNotReached: 'boolean',
  containsPendingTickets: 'boolean',
  soldOutOrLimitReached: 'boolean',
  accessRestricted: 'boolean',
  availableTickets: 'number|null',
  bounded: 'boolean',
  free: 'boolean',
  formattedFinalPrice: 'string',
  formattedDiscountedPrice: 'string',
  hasDiscount: 'boolean',
  displayTaxInformation: 'boolean',
  ticketAccessType: 'string',
  formattedExpiration: 'object',
};

/** model/additional-service.ts, as additional-service.component reads it. */
const ADDITIONAL_SERVICE_READS: Reads = {
  id: 'number',
  type: 'string',
  fixPrice: 'boolean',
  supplementPolicy: 'string|null',
  availableQuantity: 'number|null',
  maxQtyPerOrder: 'number',
  saleInFuture: 'boolean',
  expired: 'boolean',
  title: 'object',
  free: 'boolean',
  formattedFinalPrice: 'string',
  vatApplies: 'boolean',
};

/** model/reservation-info.ts, as booking.component builds its form. */
const BOOKING_READS: Reads = {
  id: 'string',
  firstName: 'string|null',
  lastName: 'string|null',
  email: 'string|null',
  validity: 'number',
  status: 'string',
  invoiceRequested: 'boolean',
  addCompanyBillingDetails: 'boolean|null',
  customerReference: 'string|null',
  skipVatNr: 'boolean|null',
  'billingDetails.companyName': 'string|null',
  'billingDetails.addressLine1': 'string|null',
  'billingDetails.addressLine2': 'string|null',
  'billingDetails.zip': 'string|null',
  'billingDetails.city': 'string|null',
  'billingDetails.state': 'string|null',
  'billingDetails.country': 'string|null',
  'billingDetails.taxId': 'string|null',
  'billingDetails.invoicingAdditionalInfo.italianEInvoicing': 'object|null',
  ticketsByCategory: 'array',
  additionalServiceWithData: 'array',
  subscriptionInfos: 'array|null',
  'metadata.hideContactData': 'boolean',
  'metadata.lockEmailEdit': 'boolean',
  containsCategoriesLinkedToGroups: 'boolean',
  'orderSummary.free': 'boolean',
};

const TICKET_READS: Reads = {
  uuid: 'string',
  firstName: 'string|null',
  lastName: 'string|null',
  email: 'string|null',
  userLanguage: 'string|null',
  locked: 'boolean',
  acquired: 'boolean',
  ticketFieldConfigurationBeforeStandard: 'array',
  ticketFieldConfigurationAfterStandard: 'array',
};

/** model/ticket.ts AdditionalField, as additional-field.component renders it. */
const FIELD_READS: Reads = {
  name: 'string',
  type: 'string',
  required: 'boolean',
  editable: 'boolean',
  value: 'string|null',
  restrictedValues: 'array',
  description: 'object',
  fields: 'array',
};

const ADDITIONAL_SERVICE_WITH_DATA_READS: Reads = {
  itemId: 'number',
  serviceId: 'number',
  title: 'object',
  ticketUUID: 'string|null',
  ticketFieldConfiguration: 'array',
  type: 'string',
};

/** overview.component, payment-method-selector and the payment proxies. */
const OVERVIEW_READS: Reads = {
  id: 'string',
  email: 'string|null',
  'orderSummary.free': 'boolean',
  'orderSummary.summary': 'array',
  'orderSummary.totalPrice': 'string',
  'orderSummary.priceInCents': 'number',
  'orderSummary.descriptionForPayment': 'string',
  activePaymentMethods: 'object',
  tokenAcquired: 'boolean',
  paymentProxy: 'string|null',
  invoiceRequested: 'boolean',
  skipVatNr: 'boolean|null',
  billingAddress: 'string|null',
  'billingDetails.taxId': 'string|null',
  'billingDetails.country': 'string|null',
  validity: 'number',
};

/** success.component. */
const SUCCESS_READS: Reads = {
  status: 'string',
  'metadata.readyForConfirmation': 'boolean',
  'metadata.hideConfirmationButtons': 'boolean',
  paid: 'boolean',
  invoiceOrReceiptDocumentPresent: 'boolean',
  invoiceNumber: 'string|null',
  ticketsByCategory: 'array',
};
