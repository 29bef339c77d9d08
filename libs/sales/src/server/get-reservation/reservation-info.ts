import { entranceOf, isOnlineTicket, type PurchaseOffer, type SubscriptionOffer } from '@ticketing/catalog/contracts';
import type { SubscriptionPass } from '@ticketing/subscriptions/contracts';
import { formatPerLanguage } from '@ticketing/formatting';
import { formatCents, formatPercent, zonedInstant } from '@ticketing/kernel';
import { billingDocumentOf, hasPaidSupplement, passPaidPerTicket, paymentDescription, summaryRowText, summaryWithout, ticketsIssued, type BillingAddress, type BookingDetails, type OpenedReservation, type PriceSummaryRow } from '@ticketing/sales/domain';
import { additionalField, fieldsForCategory, fieldsForService, textIn } from './additional-fields.js';
import type { BillingDetailsView, BookingInfoTicket, OrderSummaryView, ReservationInfo, SubscriptionInfoView } from './reservation-info.views.js';
import type { OnlineProxy } from '@ticketing/payments/contracts';
import { releaseAllowed, type IssuedTicket } from '@ticketing/ticketing/contracts';
import { activePaymentMethods } from './payment-methods.js';

/** The reservation's language when the event still speaks it, else the event's first (names of rows and categories). */
export function languageOf(state: OpenedReservation, offer: PurchaseOffer): string {
  const languages = offer.event.contentLanguages;
  return languages.includes(state.language) ? state.language : (languages[0] ?? 'en');
}

/** A pass's order: its descriptor, and the pass once issued. */
export interface SubscriptionPurchase {
  readonly offer: SubscriptionOffer;
  readonly pass: SubscriptionPass | null;
}

/** SubscriptionInfo: the owner as booked (the buyer unless another was named), id and PIN once the pass exists. */
function subscriptionInfo(state: OpenedReservation, { offer, pass }: SubscriptionPurchase): SubscriptionInfoView {
  const { descriptor } = offer;
  const owner = pass?.owner ?? state.booking?.subscriptionOwner ?? state.booking?.contact ?? null;
  return {
    id: pass?.subscriptionId ?? null,
    pin: pass?.pin ?? null,
    usageDetails: { total: descriptor.maxEntries, used: pass?.used ?? 0, available: pass ? pass.available : descriptor.maxEntries },
    owner: { firstName: owner?.firstName ?? null, lastName: owner?.lastName ?? null, email: owner?.email ?? null },
    configuration: { displayPin: descriptor.displayPin },
    // descriptors ask no questions of their own (the catalog publishes none)
    additionalFields: [],
    fieldConfigurationBeforeStandard: [],
    fieldConfigurationAfterStandard: [],
  };
}

function orderSummary(state: OpenedReservation, offer: PurchaseOffer, lang: string, subscription: SubscriptionPurchase | null = null, issued: readonly IssuedTicket[] = []): OrderSummaryView {
  const { price } = state;
  const { currency } = price;
  const fallback = offer.event.contentLanguages[0] ?? 'en';
  const categoryName = new Map(offer.categories.map(({ category }) => [category.id, textIn(category.name, lang, fallback)]));
  const serviceTitle = new Map(offer.services.map(({ service }) => [service.id, textIn(service.title, lang, fallback)]));
  const name = (row: PriceSummaryRow) =>
    row.type === 'TICKET'
      ? (categoryName.get(row.categoryId) ?? null)
      : row.type === 'ADDITIONAL_SERVICE'
        ? (serviceTitle.get(row.serviceId) ?? null)
        : row.type === 'APPLIED_SUBSCRIPTION'
          ? textIn(row.title, lang, fallback)
          : row.code;
  const passTitle = subscription ? textIn(subscription.offer.descriptor.title, lang, fallback) : null;
  // the tickets given back since leave the summary (free ones only: the totals stay)
  const releasedIds = new Set(issued.filter((t) => t.status === 'RELEASED').map((t) => t.ticketId));
  const released = state.opened.tickets.flatMap((t, i) => (releasedIds.has(t.ticketId) ? [i] : []));
  const coveredIds = new Set(state.appliedSubscription?.ticketIds ?? []);
  const passPaid = passPaidPerTicket(state.opened.price, state.opened.tickets.flatMap((t, i) => (coveredIds.has(t.ticketId) ? [i] : [])));
  const rows = summaryWithout(price.summary, price.tickets, released, passPaid)
    .map((row) => summaryRowText(row, { money: (minor) => formatCents(minor, currency), percent: (value) => formatPercent(value, 2), name }))
    .filter((row) => row.type !== 'PROMOTION_CODE' || row.amount !== 0)
    // a pass is priced as one line (PASS_LINE): its row is the SUBSCRIPTION, named by the descriptor's title
    .map((row) => (passTitle !== null && row.type === 'TICKET' ? { ...row, type: 'SUBSCRIPTION' as const, name: passTitle } : row));
  const proxy = state.payment?.proxy ?? null;
  return {
    summary: rows,
    totalPrice: formatCents(price.totals.priceWithVat, currency),
    free: !price.requiresPayment,
    displayVat: true,
    priceInCents: price.totals.priceWithVat,
    descriptionForPayment: paymentDescription(rows),
    totalVAT: formatCents(price.totals.vat, currency),
    // the rate the order was priced with (its tickets carry the event's rule), not the catalog's rate now
    vatPercentage: price.requiresPayment ? formatPercent(price.tickets[0]?.vatRule.percentage ?? 0, 2) : null,
    notYetPaid: state.status === 'OFFLINE_PAYMENT' || state.status === 'DEFERRED_OFFLINE_PAYMENT' || ((state.status === 'COMPLETE' || state.status === 'FINALIZING') && proxy === 'ON_SITE'),
  };
}

function billingDetails(billing: BillingAddress | null): BillingDetailsView {
  const italian = billing?.italianEInvoicing ?? null;
  const reference = italian ? (italian.referenceType === 'PEC' ? italian.pec : italian.referenceType === 'ADDRESSEE_CODE' ? italian.addresseeCode : null) : null;
  return {
    companyName: billing?.companyName ?? null,
    addressLine1: billing?.addressLine1 ?? null,
    addressLine2: billing?.addressLine2 ?? null,
    zip: billing?.zip ?? null,
    city: billing?.city ?? null,
    state: billing?.state ?? null,
    country: billing?.country ?? null,
    taxId: billing?.taxId ?? null,
    invoicingAdditionalInfo: {
      italianEInvoicing: italian && {
        fiscalCode: italian.fiscalCode,
        referenceType: italian.referenceType,
        addresseeCode: italian.addresseeCode,
        pec: italian.pec,
        splitPayment: italian.splitPayment,
        reference,
        referenceTypeAsString: italian.referenceType,
        empty: false,
      },
      empty: italian === null,
    },
    hasTaxId: Boolean(billing?.taxId),
  };
}

/** The invoice address as one text, a line per part (alf.io's billingAddress). */
function billingAddressText(booking: BookingDetails | null): string | null {
  const b = booking?.billing;
  if (!booking?.invoiceRequested || !b) return null;
  return [b.companyName, b.addressLine1, b.addressLine2, `${b.zip} ${b.city}`, b.state, b.country].filter((line) => line && line.trim() !== '').join('\n');
}

/**
 * The order's tickets by category. Once issued, each ticket as it stands now (its holder may have changed on the
 * ticket's own page; a released one is gone); before, as the buyer filled in the booking form.
 */
export function ticketsByCategory(
  state: OpenedReservation,
  offer: PurchaseOffer,
  lang: string,
  now: Date,
  issued: readonly IssuedTicket[] = [],
  only: ReadonlySet<string> | null = null,
): ReservationInfo['ticketsByCategory'] {
  const { event } = offer;
  const fallback = event.contentLanguages[0] ?? 'en';
  // a deferred transfer's tickets are issued at confirmation, before the money arrives
  const acquired = state.status === 'COMPLETE' || state.status === 'FINALIZING' || state.status === 'DEFERRED_OFFLINE_PAYMENT';
  // what can be done with them follows the ticket calls, which serve issued tickets only (not while FINALIZING)
  const usable = ticketsIssued(state);
  // without transfers a ticket keeps the holder it has; one without a holder yet can still be assigned
  const lockedOnceAssigned = acquired && !event.assignment.enableTicketTransfer;
  const eventEnded = now.getTime() >= zonedInstant(event.end, event.timeZone).getTime();
  const paidSupplement = hasPaidSupplement(state.price);
  const current = new Map(issued.map((t) => [t.ticketId, t]));
  const attendees = state.booking?.attendees ?? {};
  const fields = offer.attendeeFields;
  // the price lines follow the order's tickets one to one: a ticket's own price, whichever of them are listed
  const priceOf = new Map(state.opened.tickets.map(({ ticketId }, index) => [ticketId, state.price.tickets[index]?.finalPrice ?? 0]));
  const groups = new Map<number, BookingInfoTicket[]>();
  state.opened.tickets.forEach(({ ticketId, categoryId }) => {
    if (only !== null && !only.has(ticketId)) return;
    const ticketNow = current.get(ticketId);
    if (ticketNow?.status === 'RELEASED') return;
    const attendee = ticketNow ? ticketNow.holder : attendees[ticketId];
    const firstName = attendee?.firstName ?? null;
    const lastName = attendee?.lastName ?? null;
    const email = attendee?.email ?? '';
    const assigned = Boolean(email && firstName && lastName);
    // hybrid events count as online for their ONLINE categories (spec point 2, ticket update page)
    const online = isOnlineTicket(offer, categoryId);
    // the check-in opens with the join link the ticket will use (as check-in-info says), else at the event's start
    const checkIn = online ? entranceOf(offer, categoryId, now).from : null;
    const questions = fieldsForCategory(fields, categoryId).map((f) => additionalField(f, attendee?.answers[f.name], event.contentLanguages));
    const ticket: BookingInfoTicket = {
      uuid: ticketId,
      firstName,
      lastName,
      email,
      fullName: [firstName, lastName].filter(Boolean).join(' '),
      userLanguage: attendee?.userLanguage ?? null,
      assigned,
      locked: lockedOnceAssigned && assigned,
      acquired,
      // the release's own rule (ALLOW_FREE_TICKETS_CANCELLATION ...), for an issued ticket not used yet
      cancellationEnabled:
        ticketNow !== undefined &&
        ticketNow.status !== 'CHECKED_IN' &&
        releaseAllowed({ acquired: usable, finalPrice: priceOf.get(ticketId) ?? 0, eventAllows: event.allowFreeTicketsCancellation === true, eventEnded, paidSupplement }),
      sendMailEnabled: usable && assigned,
      downloadEnabled: usable && assigned && !online,
      ticketFieldConfigurationBeforeStandard: questions.filter((q) => q.beforeStandardFields),
      ticketFieldConfigurationAfterStandard: questions.filter((q) => !q.beforeStandardFields),
      formattedOnlineCheckInDate: checkIn ? formatPerLanguage(checkIn, 'common.ticket-category.date-format', event.contentLanguages, event.timeZone) : {},
      onlineEventStarted: checkIn !== null && now.getTime() > checkIn.getTime(),
    };
    groups.set(categoryId, [...(groups.get(categoryId) ?? []), ticket]);
  });
  const categories = new Map(offer.categories.map(({ category }) => [category.id, category]));
  return [...groups].map(([categoryId, tickets]) => {
    const category = categories.get(categoryId);
    return { name: category ? textIn(category.name, lang, fallback) : String(categoryId), ticketAccessType: category?.accessType ?? 'INHERIT', tickets };
  });
}

export function additionalServiceWithData(state: OpenedReservation, offer: PurchaseOffer): ReservationInfo['additionalServiceWithData'] {
  const services = new Map(offer.services.map(({ service }) => [service.id, service]));
  const assignments = new Map((state.booking?.items ?? []).map((item) => [item.itemId, item]));
  const linked = new Map((state.opened.itemLinks ?? []).map((link) => [link.itemId, link.ticketId]));
  const ticketIds = state.opened.tickets.map((t) => t.ticketId);
  return state.price.items.flatMap((item, index) => {
    const service = services.get(item.serviceId);
    if (!service || service.type !== 'SUPPLEMENT') return [];
    const itemId = index + 1;
    const assignment = assignments.get(itemId);
    // where the buyer moved it, else where the reservation put it (before items were linked: a fee's own ticket)
    const ticketUUID = assignment?.ticketId ?? linked.get(itemId) ?? (item.ticketIndex !== null ? (ticketIds[item.ticketIndex] ?? null) : null);
    return [
      {
        title: { ...service.title },
        itemId,
        serviceId: service.id,
        ticketUUID,
        ticketFieldConfiguration: fieldsForService(offer.attendeeFields, service.id).map((f) =>
          additionalField(f, assignment?.answers[f.name], offer.event.contentLanguages, 'item'),
        ),
        type: service.type,
      },
    ];
  });
}

/**
 * `GET /reservation/{id}`: the reservation as the booking, overview and success steps show it (reference
 * 3.3.1), from its own events and the catalog as it is now (names, questions, ways to pay).
 */
export function reservationInfo(
  reservationId: string,
  state: OpenedReservation,
  offer: PurchaseOffer,
  now: Date,
  onlineMethods: Readonly<Record<string, { readonly paymentProxy: OnlineProxy; readonly parameters: Readonly<Record<string, unknown>> }>> = {},
  issued: readonly IssuedTicket[] = [],
  subscription: SubscriptionPurchase | null = null,
  recaptchaSiteKey: string | null = null,
): ReservationInfo {
  const lang = languageOf(state, offer);
  const { booking } = state;
  const status = state.status === 'CANCELLED' || state.status === 'EXPIRED' ? 'PENDING' : state.status;
  // while a provider has the payment, the held token's provider (reference 3.3.1: tokenAcquired, paymentProxy)
  const proxy = state.inFlight?.proxy ?? state.payment?.proxy ?? null;
  return {
    id: reservationId,
    shortId: reservationId.slice(0, 8).toUpperCase(),
    firstName: booking?.contact.firstName ?? null,
    lastName: booking?.contact.lastName ?? null,
    email: booking?.contact.email ?? null,
    validity: Date.parse(state.validUntil),
    ticketsByCategory: ticketsByCategory(state, offer, lang, now, issued),
    orderSummary: orderSummary(state, offer, lang, subscription, issued),
    status,
    validatedBookingInformation: state.validated,
    formattedExpirationDate: formatPerLanguage(new Date(state.validUntil), 'datetime.pattern', offer.event.contentLanguages, offer.event.timeZone),
    invoiceNumber: state.invoice?.number ?? null,
    invoiceRequested: booking?.invoiceRequested ?? false,
    invoiceOrReceiptDocumentPresent: billingDocumentOf(state, offer.invoicing) !== null,
    paid: status === 'COMPLETE' && proxy !== null && proxy !== 'NONE',
    tokenAcquired: state.inFlight !== null,
    paymentProxy: proxy,
    addCompanyBillingDetails: booking ? booking.business : null,
    customerReference: booking?.customerReference ?? null,
    skipVatNr: booking ? booking.skipVatNr : null,
    billingAddress: billingAddressText(booking),
    billingDetails: billingDetails(booking?.invoiceRequested ? booking.billing : null),
    containsCategoriesLinkedToGroups: false,
    activePaymentMethods: state.price.requiresPayment ? { ...onlineMethods, ...activePaymentMethods(offer, now, recaptchaSiteKey) } : {},
    subscriptionInfos: subscription ? [subscriptionInfo(state, subscription)] : null,
    metadata: {
      // the catalog's embedding settings (tools/catalog/README.md); the storefront applies them only when framed
      hideContactData: offer.event.embedding.enabled && offer.event.embedding.hideContactData === true,
      readyForConfirmation: status === 'COMPLETE',
      // FINALIZING: paid, its invoice number still to come (the success page says so and polls)
      finalized: status !== 'PENDING' && status !== 'FINALIZING',
      hideConfirmationButtons: offer.event.embedding.hideConfirmationButtons === true,
      lockEmailEdit: false,
    },
    additionalServiceWithData: additionalServiceWithData(state, offer),
    lastPaymentFailure: state.lastPaymentFailure && { code: state.lastPaymentFailure.code, message: state.lastPaymentFailure.message },
  };
}
