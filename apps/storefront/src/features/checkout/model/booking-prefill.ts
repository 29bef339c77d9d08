import type { ReservationInfo } from '../../../api/reservation-queries';
import type { AdditionalField, BookedAdditionalService, BookingFormValues, BookingTicket, ItalianReferenceType } from '../../booking';
import { emptyBookingForm, ITALIAN_REFERENCE_TYPES, ticketFormValuesOf } from '../../booking';

/** A category of the reservation and its tickets, numbered from 1 across the whole reservation (spec 2). */
export interface TicketGroup {
  readonly categoryName: string;
  readonly tickets: readonly { readonly ticket: BookingTicket; readonly number: number }[];
}

/** A booked supplement item with its title and the fields it asks (`AdditionalServiceWithData`). */
export interface SupplementItem extends BookedAdditionalService {
  readonly title: Readonly<Record<string, string>>;
}

// The generated models describe the same wire shapes as the booking feature's local types, field for field.
const asFields = (fields: readonly unknown[]): readonly AdditionalField[] => fields as readonly AdditionalField[];

export function ticketGroupsOf(info: Pick<ReservationInfo, 'ticketsByCategory'>): TicketGroup[] {
  let number = 0;
  return info.ticketsByCategory.map((group) => ({
    categoryName: group.name,
    tickets: group.tickets.map((t) => ({
      number: ++number,
      ticket: {
        uuid: t.uuid,
        firstName: t.firstName,
        lastName: t.lastName,
        email: t.email,
        userLanguage: t.userLanguage,
        locked: t.locked,
        acquired: t.acquired,
        ticketFieldConfigurationBeforeStandard: asFields(t.ticketFieldConfigurationBeforeStandard),
        ticketFieldConfigurationAfterStandard: asFields(t.ticketFieldConfigurationAfterStandard),
      },
    })),
  }));
}

export const allTickets = (groups: readonly TicketGroup[]): BookingTicket[] => groups.flatMap((g) => g.tickets.map((t) => t.ticket));

/** Supplement items only: donations ask nothing and are linked to no ticket. */
export function supplementItemsOf(info: Pick<ReservationInfo, 'additionalServiceWithData'>): SupplementItem[] {
  return info.additionalServiceWithData
    .filter((s) => s.type === 'SUPPLEMENT')
    .map((s) => ({ itemId: s.itemId, ticketUUID: s.ticketUUID, title: s.title, ticketFieldConfiguration: asFields(s.ticketFieldConfiguration) }));
}

const text = (value: string | null | undefined): string => value ?? '';

function referenceType(value: unknown): ItalianReferenceType | null {
  return ITALIAN_REFERENCE_TYPES.find((t) => t === value) ?? null;
}

/**
 * The booking form as the buyer left it: what validate-to-overview recorded (it records even when it refuses),
 * so going back from the overview, or reloading, finds every value again. Each supplement item is listed under
 * the ticket it is linked to, else the first ticket (the server wants every item linked).
 */
export function bookingFormOf(info: ReservationInfo, contentLanguages: readonly { locale: string }[], language: string): BookingFormValues {
  const billing = info.billingDetails;
  const italian = billing.invoicingAdditionalInfo.italianEInvoicing;
  const groups = ticketGroupsOf(info);
  const tickets = allTickets(groups);
  const firstTicket = tickets[0]?.uuid;

  const additionalServices: Record<string, BookingFormValues['additionalServices'][string][number][]> = {};
  for (const item of supplementItemsOf(info)) {
    const ticketUUID = item.ticketUUID && tickets.some((t) => t.uuid === item.ticketUUID) ? item.ticketUUID : firstTicket;
    if (!ticketUUID) continue;
    const additional: Record<string, string[]> = {};
    for (const field of item.ticketFieldConfiguration) additional[field.name] = fieldValues(field);
    (additionalServices[ticketUUID] ??= []).push({ additionalServiceItemId: item.itemId, ticketUUID, additional });
  }

  return {
    ...emptyBookingForm,
    firstName: text(info.firstName),
    lastName: text(info.lastName),
    email: text(info.email),
    tickets: Object.fromEntries(tickets.map((t) => [t.uuid, ticketFormValuesOf(t, contentLanguages, language)])),
    invoiceRequested: info.invoiceRequested,
    addCompanyBillingDetails: info.addCompanyBillingDetails ?? false,
    billingAddressCompany: text(billing.companyName),
    billingAddressLine1: text(billing.addressLine1),
    billingAddressLine2: text(billing.addressLine2),
    billingAddressZip: text(billing.zip),
    billingAddressCity: text(billing.city),
    billingAddressState: text(billing.state),
    vatCountryCode: text(billing.country),
    customerReference: text(info.customerReference),
    vatNr: text(billing.taxId),
    skipVatNr: info.skipVatNr ?? false,
    italyEInvoicingFiscalCode: text(italian?.fiscalCode),
    italyEInvoicingReferenceType: referenceType(italian?.referenceType),
    italyEInvoicingReferenceAddresseeCode: text(italian?.addresseeCode),
    italyEInvoicingReferencePEC: text(italian?.pec),
    italyEInvoicingSplitPayment: italian?.splitPayment ?? false,
    additionalServices,
    ...subscriptionOwnerOf(info),
  };
}

/** The pass's extra fields in display order (SubscriptionInfo, reference section 2). */
export function subscriptionFieldsOf(
  info: Pick<ReservationInfo, 'subscriptionInfos'>,
): { before: readonly AdditionalField[]; after: readonly AdditionalField[] } | null {
  const pass = info.subscriptionInfos?.[0];
  return pass ? { before: asFields(pass.fieldConfigurationBeforeStandard), after: asFields(pass.fieldConfigurationAfterStandard) } : null;
}

/**
 * A pass's owner as booked: someone else than the buyer when validate-to-overview recorded another owner (the
 * box then comes ticked with their details), else the buyer. Its extra fields with what was saved.
 */
function subscriptionOwnerOf(info: ReservationInfo): Pick<BookingFormValues, 'differentSubscriptionOwner' | 'subscriptionOwner'> {
  const pass = info.subscriptionInfos?.[0];
  const fields = subscriptionFieldsOf(info);
  if (!pass || !fields) return {};
  const { firstName, lastName, email } = pass.owner;
  const different = Boolean(email) && (email !== info.email || firstName !== info.firstName || lastName !== info.lastName);
  const additional: Record<string, string[]> = {};
  for (const field of [...fields.before, ...fields.after]) additional[field.name] = fieldValues(field);
  return {
    differentSubscriptionOwner: different,
    subscriptionOwner: different
      ? { firstName: text(firstName), lastName: text(lastName), email: text(email), additional }
      : { firstName: '', lastName: '', email: '', additional },
  };
}

function fieldValues(field: AdditionalField): string[] {
  const byIndex = [...field.fields]
    .sort((a, b) => a.fieldIndex - b.fieldIndex)
    .map((f) => f.fieldValue)
    .filter((v): v is string => v !== null && v !== '');
  return byIndex.length ? byIndex : field.value ? [field.value] : [];
}

/** Moves a supplement item to another ticket (spec 2: 'a menu to move it to another ticket'). */
export function moveSupplementItem(values: BookingFormValues, itemId: number, toTicket: string): BookingFormValues['additionalServices'] {
  const moved = Object.values(values.additionalServices)
    .flat()
    .find((link) => link.additionalServiceItemId === itemId);
  if (!moved || moved.ticketUUID === toTicket) return values.additionalServices;
  const result: Record<string, BookingFormValues['additionalServices'][string]> = {};
  for (const [ticket, links] of Object.entries(values.additionalServices)) {
    const kept = links.filter((l) => l.additionalServiceItemId !== itemId);
    if (kept.length) result[ticket] = kept;
  }
  result[toTicket] = [...(result[toTicket] ?? []), { ...moved, ticketUUID: toTicket }];
  return result;
}
