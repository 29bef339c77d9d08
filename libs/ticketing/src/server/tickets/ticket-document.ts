import { formatDatePattern } from '@ticketing/formatting';
import { isOnlineTicket } from '@ticketing/catalog/contracts';
import { bundleFor } from '@ticketing/i18n';
import { formatCents, zonedInstant } from '@ticketing/kernel';
import type { TicketDocument } from '@ticketing/documents';
import type { AdditionalServiceWithData } from '@ticketing/wire';
import { categoryNameOf } from '../get-ticket/ticket-queries.js';
import type { ShowableTicket } from './ticket-lookup.js';

/** The holder's language when the event speaks it, else the buyer's, else the event's first. */
export function documentLanguageOf({ ticket, order, offer }: ShowableTicket, asked: string | null = null): string {
  const speaks = (l: string | null | undefined): l is string => !!l && offer.event.contentLanguages.includes(l);
  if (speaks(asked)) return asked;
  if (speaks(ticket.holder.userLanguage)) return ticket.holder.userLanguage;
  return speaks(order.language) ? order.language : (offer.event.contentLanguages[0] ?? 'en');
}

/**
 * The language of the ticket e-mail: its reader is the holder, so the holder's language when the event speaks it;
 * else the one asked (the page that sent it), the buyer's, the event's first (documentLanguageOf).
 */
export function mailLanguageOf(found: ShowableTicket, asked: string | null = null): string {
  const own = found.ticket.holder.userLanguage;
  return documentLanguageOf(found, own && found.offer.event.contentLanguages.includes(own) ? own : asked);
}

const inLanguage = (map: Readonly<Record<string, string>>, language: string) => map[language] ?? Object.values(map)[0] ?? '';

/** The supplements booked with the ticket and the holder's answers to their questions. */
function servicesIn(services: readonly AdditionalServiceWithData[], language: string): TicketDocument['additionalServices'] {
  return services.map((service) => ({
    title: inLanguage(service.title, language),
    fields: service.ticketFieldConfiguration.flatMap((field) => {
      const value = field.fields.map((f) => f.fieldValue ?? '').filter((v) => v !== '').join(', ');
      return value === '' ? [] : [{ label: field.description[language]?.label ?? Object.values(field.description)[0]?.label ?? field.name, value }];
    }),
  }));
}

/** What the ticket PDF prints, in `language`. */
export function ticketDocument(found: ShowableTicket, code: string, services: readonly AdditionalServiceWithData[], language: string): TicketDocument {
  const { ticket, order, offer } = found;
  const { event } = offer;
  const pattern = bundleFor(language)['datetime.pattern'] ?? 'dd/MM/yyyy HH:mm';
  const format = (local: string) => formatDatePattern(zonedInstant(local, event.timeZone), pattern, language, event.timeZone);
  const price = order.tickets.find((t) => t.ticketId === ticket.ticketId)?.finalPrice ?? 0;
  const desk = ticket.paymentStatus === 'TO_BE_PAID';
  return {
    language,
    event: {
      title: event.title[language] ?? event.displayName,
      organizerName: offer.organizer?.name ?? '',
      location: event.location,
      online: isOnlineTicket(offer, ticket.categoryId),
      formattedBegin: format(event.start),
      formattedEnd: format(event.end),
      timeZone: event.timeZone,
    },
    holder: { fullName: `${ticket.holder.firstName} ${ticket.holder.lastName}`.trim(), email: ticket.holder.email },
    categoryName: categoryNameOf(found, language),
    reference: order.shortId,
    ticketId: ticket.ticketId,
    qrText: code,
    additionalServices: servicesIn(services, language),
    deskPaymentRequired: desk,
    amountDue: desk ? `${order.currency} ${formatCents(price, order.currency)}` : null,
  };
}
