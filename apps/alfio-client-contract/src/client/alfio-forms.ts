import type { AdditionalField, AlfioEvent, AdditionalServiceWithData, ItemsByCategory, ReservationInfo, Ticket } from './alfio-models.js';

/**
 * The request bodies as alf.io's Angular client builds them: the reactive forms' `.value`, every control present,
 * null where untouched (a FormControl made from `undefined` holds null), with the JS types its inputs produce.
 * Paths are of alfio-event/alf.io @7ec24c04, frontend/projects/public/src/app/, unless another repository is named.
 * A spec builds the form from the answers the client had, then changes what a visitor types or ticks.
 */

// ------------------------------------------------------------------ R1 / R1b: event-display.component.ts

export interface ReservationRequest {
  reservation: { ticketCategoryId: number; amount: number | string }[];
  additionalService: ({ additionalServiceId: number; quantity: number | null } | { additionalServiceId: number; amount: number | null })[];
  captcha: string | null;
  promoCode: string | null;
}

/**
 * `reservationForm.value` after the visitor's choices: one row per current category (createItems: `amount: 0`),
 * one group per additional service (additional-service.component.ts ngOnInit: `quantity: null` for a fixed price,
 * `amount: null` for a donation). A chosen quantity keeps the JS type given here: a number from the reference
 * template's `[ngValue]`, a string from the old standalone template's `[value]` (alf.io-public-frontend
 * ticket-quantity-selector.html @548bf3b5), so one request can carry "2" beside an untouched 0, as that client sent.
 */
export function reservationForm(
  items: ItemsByCategory,
  choice: { tickets?: Record<number, number | string>; services?: Record<number, number>; promoCode?: string | null },
): ReservationRequest {
  return {
    reservation: items.ticketCategories.map((c) => ({ ticketCategoryId: c.id, amount: choice.tickets?.[c.id] ?? 0 })),
    additionalService: items.additionalServices.map((s) =>
      s.fixPrice ? { additionalServiceId: s.id, quantity: choice.services?.[s.id] ?? null } : { additionalServiceId: s.id, amount: choice.services?.[s.id] ?? null },
    ),
    captcha: null,
    promoCode: choice.promoCode ?? null,
  };
}

/** submitForm: a non-empty additionalService keeps only the entries with an amount or a quantity above 0. */
export function reserveRequestOf(form: ReservationRequest): ReservationRequest {
  if (form.additionalService.length === 0) return form;
  const positive = (n: number | null | undefined) => n != null && n > 0;
  return { ...form, additionalService: form.additionalService.filter((s) => ('quantity' in s ? positive(s.quantity) : positive(s.amount))) };
}

// ------------------------------------------------------------------ E5: event-display.component.ts createWaitingListFormIfNecessary

export interface WaitingListForm {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  selectedCategory: number | '' | null;
  userLanguage: string | null;
  termAndConditionsAccepted: boolean | null;
  privacyPolicyAccepted: boolean | null;
}

/** Every control starts null; the category select is shown only with more than one category to wait for. */
export function waitingListForm(typed: Partial<WaitingListForm>): WaitingListForm {
  return { firstName: null, lastName: null, email: null, selectedCategory: null, userLanguage: null, termAndConditionsAccepted: null, privacyPolicyAccepted: null, ...typed };
}

// ------------------------------------------------------------------ R5: booking.component.ts ngOnInit, ticket.service.ts, additional-field.service.ts

export type Answers = Record<string, (string | null)[]>;

export interface AdditionalServiceLink {
  additionalServiceItemId: number;
  additionalServiceTitle: Record<string, string>;
  ticketUUID: string | null;
  additional: Answers;
}

export interface TicketForm {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  userLanguage: string | null;
  additional: Answers;
  additionalServices: Record<string, AdditionalServiceLink[]>;
}

export interface ContactAndTicketsForm {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  tickets: Record<string, TicketForm>;
  invoiceRequested: boolean;
  addCompanyBillingDetails: boolean;
  billingAddressCompany: string | null;
  billingAddressLine1: string | null;
  billingAddressLine2: string | null;
  billingAddressZip: string | null;
  billingAddressCity: string | null;
  billingAddressState: string | null;
  vatCountryCode: string | null;
  customerReference: string | null;
  vatNr: string | null;
  skipVatNr: boolean | null;
  italyEInvoicingFiscalCode: string | null;
  italyEInvoicingReferenceType: 'ADDRESSEE_CODE' | 'PEC' | 'NONE' | null;
  italyEInvoicingReferenceAddresseeCode: string | null;
  italyEInvoicingReferencePEC: string | null;
  italyEInvoicingSplitPayment: boolean | null;
  postponeAssignment: boolean;
  differentSubscriptionOwner: boolean;
  subscriptionOwner: null;
  additionalServices: Record<string, AdditionalServiceLink[]>;
}

/** `x || undefined` of the client, as the FormControl holds it: null. */
const orNull = <T>(value: T | null | undefined | ''): T | null => (value ? value : null);

/**
 * additional-field.service.ts buildSingleAdditionalField: a checkbox group starts as one null per choice; then each
 * `fields` entry the server sent sets its `fieldIndex` to its `fieldValue`, '' and null read as null. A field with no
 * `fields` entry gives []. Anonymous visitor: no profile values to fall back on.
 */
export function additionalAnswers(...lists: AdditionalField[][]): Answers {
  const answers: Answers = {};
  for (const field of lists.flat()) {
    const values: (string | null)[] = field.type === 'checkbox' ? field.restrictedValues.map(() => null) : [];
    for (const { fieldIndex, fieldValue } of field.fields) values[fieldIndex] = orNull(fieldValue);
    answers[field.name] = values;
  }
  return answers;
}

/** ticket.service.ts buildTicket; ticket-form.component.ts ngOnInit sets the only content language. */
export function ticketForm(ticket: Ticket, event: AlfioEvent): TicketForm {
  const onlyLanguage = event.contentLanguages.length === 1 ? event.contentLanguages[0]!.locale : null;
  return {
    firstName: orNull(ticket.firstName),
    lastName: orNull(ticket.lastName),
    email: orNull(ticket.email),
    userLanguage: onlyLanguage ?? ticket.userLanguage,
    additional: additionalAnswers(ticket.ticketFieldConfigurationBeforeStandard, ticket.ticketFieldConfigurationAfterStandard),
    // the booking page calls the builder without additional-service data
    additionalServices: {},
  };
}

/**
 * ticket.service.ts buildAdditionalServicesFormGroup / buildAdditionalServiceGroup: grouped by the item's
 * ticketUUID (a null one under the key "null", as a JS object key), in the order of additionalServiceWithData, each
 * carrying its title map.
 */
export function additionalServicesForm(items: AdditionalServiceWithData[]): Record<string, AdditionalServiceLink[]> {
  const byTicket: Record<string, AdditionalServiceLink[]> = {};
  for (const item of items) {
    (byTicket[String(item.ticketUUID)] ??= []).push({
      additionalServiceItemId: item.itemId,
      additionalServiceTitle: item.title,
      ticketUUID: item.ticketUUID,
      additional: additionalAnswers(item.ticketFieldConfiguration),
    });
  }
  return byTicket;
}

/** booking.component.ts ngOnInit: `contactAndTicketsForm` as built from the reservation and its purchase context. */
export function bookingForm(view: ReservationInfo, event: AlfioEvent): ContactAndTicketsForm {
  const billing = view.billingDetails;
  const italian = billing.invoicingAdditionalInfo.italianEInvoicing;
  return {
    firstName: orNull(view.firstName),
    lastName: orNull(view.lastName),
    email: orNull(view.email),
    tickets: Object.fromEntries(view.ticketsByCategory.flatMap((c) => c.tickets).map((t) => [t.uuid, ticketForm(t, event)])),
    invoiceRequested: event.invoicingConfiguration.onlyInvoice ? true : view.invoiceRequested,
    addCompanyBillingDetails: view.addCompanyBillingDetails || false,
    billingAddressCompany: orNull(billing.companyName),
    billingAddressLine1: orNull(billing.addressLine1),
    billingAddressLine2: orNull(billing.addressLine2),
    billingAddressZip: orNull(billing.zip),
    billingAddressCity: orNull(billing.city),
    billingAddressState: orNull(billing.state),
    vatCountryCode: orNull(billing.country),
    customerReference: view.customerReference,
    vatNr: orNull(billing.taxId),
    skipVatNr: view.skipVatNr,
    italyEInvoicingFiscalCode: italian ? italian.fiscalCode : null,
    italyEInvoicingReferenceType: italian ? italian.referenceType : null,
    italyEInvoicingReferenceAddresseeCode: italian ? italian.addresseeCode : null,
    italyEInvoicingReferencePEC: italian ? italian.pec : null,
    italyEInvoicingSplitPayment: italian ? italian.splitPayment : null,
    postponeAssignment: false,
    differentSubscriptionOwner: false,
    subscriptionOwner: null,
    additionalServices: additionalServicesForm(view.additionalServiceWithData),
  };
}

/**
 * additional-field.component.ts selectedCheckBox: ticking choice i of a checkbox group writes the choice's value at
 * position i, unticking writes null.
 */
export function tick(answers: Answers, field: AdditionalField, value: string, ticked = true): void {
  const index = field.restrictedValues.indexOf(value);
  if (index < 0) throw new Error(`${field.name} has no choice ${value}`);
  answers[field.name]![index] = ticked ? value : null;
}

/**
 * booking.component.ts moveAdditionalService: the item goes to the other ticket's list with that ticket's UUID; a
 * list left empty goes, key and all.
 */
export function moveAdditionalService(form: ContactAndTicketsForm, itemId: number, toTicket: string): void {
  for (const [uuid, links] of Object.entries(form.additionalServices)) {
    const at = links.findIndex((l) => l.additionalServiceItemId === itemId);
    if (at < 0) continue;
    const [link] = links.splice(at, 1);
    if (links.length === 0) delete form.additionalServices[uuid];
    (form.additionalServices[toTicket] ??= []).push({ ...link!, ticketUUID: toTicket });
    return;
  }
  throw new Error(`no additional service item ${itemId} in the form`);
}

/**
 * booking.component.ts removeUnnecessaryFields, run by submitForm: a private invoice drops company, VAT number and
 * the skip flag. invoice-form.component.ts updateItalyEInvoicingFields nulls the reference the type does not use.
 */
export function submittedBookingForm(form: ContactAndTicketsForm): ContactAndTicketsForm {
  const sent = structuredClone(form);
  if (sent.invoiceRequested && !sent.addCompanyBillingDetails) {
    sent.billingAddressCompany = null;
    sent.vatNr = null;
    sent.skipVatNr = null;
  }
  if (sent.italyEInvoicingReferenceType !== 'ADDRESSEE_CODE') sent.italyEInvoicingReferenceAddresseeCode = null;
  if (sent.italyEInvoicingReferenceType !== 'PEC') sent.italyEInvoicingReferencePEC = null;
  return sent;
}

// ------------------------------------------------------------------ R6: overview.component.ts loadReservation and confirm

export interface OverviewForm {
  termAndConditionsAccepted: boolean;
  privacyPolicyAccepted: boolean;
  selectedPaymentMethod: string | null;
  paymentProxy: string | null;
  gatewayToken: string | null;
  captcha: string | null;
}

/**
 * The overview form as loadReservation builds it: a free order pays with NONE, a single method is preselected with
 * its proxy, both boxes start as `tokenAcquired`. Then the visitor picks a method (payment-method-selector: the radio
 * sets `selectedPaymentMethod`, its valueChanges the matching `paymentProxy`) and ticks the boxes shown (privacy only
 * when the context has a privacy policy URL).
 */
export function overviewForm(
  view: ReservationInfo,
  event: AlfioEvent,
  visitor: { method?: string; acceptTerms: boolean; acceptPrivacy: boolean },
): OverviewForm {
  const methods = Object.keys(view.activePaymentMethods);
  let selectedPaymentMethod: string | null = null;
  let paymentProxy: string | null = null;
  if (!view.orderSummary.free && methods.length === 1) {
    selectedPaymentMethod = methods[0]!;
    paymentProxy = view.activePaymentMethods[selectedPaymentMethod]!.paymentProxy;
  }
  if (view.orderSummary.free) selectedPaymentMethod = 'NONE';
  const form: OverviewForm = {
    termAndConditionsAccepted: view.tokenAcquired,
    privacyPolicyAccepted: view.tokenAcquired,
    selectedPaymentMethod,
    paymentProxy,
    gatewayToken: null,
    captcha: null,
  };
  if (visitor.method !== undefined) {
    const chosen = view.activePaymentMethods[visitor.method];
    if (!chosen) throw new Error(`the overview offers no ${visitor.method}: ${methods.join(', ')}`);
    form.selectedPaymentMethod = visitor.method;
    form.paymentProxy = chosen.paymentProxy;
  }
  form.termAndConditionsAccepted = visitor.acceptTerms;
  if (event.privacyPolicyUrl) form.privacyPolicyAccepted = visitor.acceptPrivacy;
  return form;
}
