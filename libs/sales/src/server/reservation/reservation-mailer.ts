import { Inject, Injectable } from '@nestjs/common';
import { PurchaseOffers } from '../purchase-context/purchase-offers.js';
import type { EventStore } from '@ticketing/event-store';
import { reservationInfo } from '../get-reservation/reservation-info.js';
import { subscriptionPurchaseOf } from '../purchase-context/subscription-purchase.js';
import { SALES_EVENT_STORE, SALES_OPTIONS, type SalesOptions } from '../tokens.js';
import { Mailer } from '@ticketing/mail';
import { IssuedTickets, TicketDocuments } from '@ticketing/ticketing/contracts';
import { SubscriptionPasses } from '@ticketing/subscriptions/contracts';
import { ticketsIssued } from '@ticketing/sales/domain';
import { isVisible } from '../get-reservation/reservation-queries.js';
import { ReservationLog } from './reservation-stream.js';
import { passOwnerMail, reservationMail, type ReservationMailFacts } from './reservation-mail.js';
import type { ReservationInfo, SubscriptionInfoView } from '../get-reservation/reservation-info.views.js';

/** What to log about a failed send: the SMTP code, never the message (it usually quotes the recipient's address). */
export function mailFailure(error: unknown): string {
  const code = (error as { code?: unknown; responseCode?: unknown } | null)?.responseCode ?? (error as { code?: unknown } | null)?.code;
  return code === undefined ? 'unknown' : String(code);
}

/** The page each status is shown on (spec point 4): the e-mail links the buyer there. */
const PAGE = {
  PENDING: 'book',
  EXTERNAL_PROCESSING_PAYMENT: 'processing-payment',
  WAITING_EXTERNAL_CONFIRMATION: 'processing-payment',
  OFFLINE_PAYMENT: 'waiting-payment',
  DEFERRED_OFFLINE_PAYMENT: 'deferred-payment',
  FINALIZING: 'success',
  COMPLETE: 'success',
} as const;

/**
 * The reservation e-mail: the confirmation with the order (and the transfer instructions while a bank transfer
 * is awaited or deferred), to the contact the buyer gave. Sent after a confirmation and again on request (`re-send-email`).
 */
@Injectable()
export class ReservationMailer {
  constructor(
    @Inject(SALES_OPTIONS) private readonly options: SalesOptions,
    @Inject(SALES_EVENT_STORE) private readonly store: EventStore,
    private readonly offers: PurchaseOffers,
    private readonly smtp: Mailer,
    private readonly tickets: TicketDocuments,
    private readonly issuedTickets: IssuedTickets,
    private readonly passes: SubscriptionPasses,
    private readonly reservations: ReservationLog,
  ) {}

  /**
   * With an order's confirmation (reference 5.2: "confirmation e-mail/tickets sent", alf.io's tickets sent
   * automatically): each issued ticket named to someone other than the buyer goes to its holder, who would otherwise
   * get nothing (an online ticket's check-in link is in that e-mail only); the buyer's own are attached to the
   * confirmation. Answers how many were sent.
   */
  async sendTicketsToHolders(reservationId: string): Promise<number> {
    const { state } = await this.reservations.load(reservationId);
    if (!ticketsIssued(state) || !state.booking || state.opened.purchaseContext || !this.smtp.enabled) return 0;
    const buyer = state.booking.contact.email.trim().toLowerCase();
    let sent = 0;
    for (const { ticketId } of state.opened.tickets) {
      const holder = state.booking.attendees[ticketId]?.email?.trim().toLowerCase() ?? '';
      if (holder === '' || holder === buyer) continue;
      const ok = await this.tickets.sendToHolder(state.eventShortName, ticketId, 'system:confirmation').catch(() => false);
      if (ok) sent++;
    }
    return sent;
  }

  /**
   * With a pass order's confirmation: a pass issued to an owner other than the buyer goes to its owner too (its PIN
   * and ID: what they book with; the order's page is the buyer's, so no link), who would otherwise learn of it only
   * if the buyer forwards it. True when sent.
   */
  async sendPassToOwner(reservationId: string): Promise<boolean> {
    const { state } = await this.reservations.load(reservationId);
    if (!isVisible(state) || !state.booking || !state.opened.purchaseContext || !this.smtp.enabled) return false;
    const now = this.options.clock.now();
    const purchase = await subscriptionPurchaseOf(this.offers, this.passes, state, now);
    const pass = purchase?.pass;
    const owner = pass?.owner;
    if (!purchase || !pass || !owner || owner.email.trim().toLowerCase() === state.booking.contact.email.trim().toLowerCase()) return false;
    const { descriptor, organizer } = purchase.offer;
    const speaks = (l: string | null): l is string => l !== null && descriptor.contentLanguages.includes(l);
    const language = speaks(state.language) ? state.language : (descriptor.contentLanguages[0] ?? 'en');
    const { contact } = state.booking;
    const mail = passOwnerMail({
      language,
      ownerFirstName: owner.firstName,
      buyer: `${contact.firstName} ${contact.lastName}`.trim(),
      title: descriptor.title[language] ?? Object.values(descriptor.title)[0] ?? '',
      organizer: organizer ? { name: organizer.name, email: organizer.email } : null,
      pass: { id: pass.subscriptionId, owner: ownerName(owner), pin: descriptor.displayPin ? pass.pin : null },
    });
    await this.smtp.send({ to: owner.email, language, ...mail });
    return true;
  }

  /** False when there is nothing to send (unknown, not confirmed, no contact) or no mail server. */
  async sendConfirmation(reservationId: string, language: string | null = null): Promise<boolean> {
    const { state } = await this.reservations.load(reservationId);
    if (!isVisible(state) || state.status === 'PENDING' || !state.booking || !this.smtp.enabled) return false;
    const now = this.options.clock.now();
    const offer = await this.offers.forReservation(state, now);
    if (!offer) return false;
    const { event, organizer } = offer;
    // sent again after a ticket was given back: the order as it stands (the summary and the PDFs without it)
    const issued = ticketsIssued(state) ? await this.issuedTickets.ofReservation(reservationId) : [];
    const info = reservationInfo(reservationId, state, offer, now, {}, issued, await subscriptionPurchaseOf(this.offers, this.passes, state, now));
    const speaks = (l: string | null): l is string => l !== null && event.contentLanguages.includes(l);
    const lang = speaks(language) ? language : speaks(state.language) ? state.language : (event.contentLanguages[0] ?? 'en');
    const context = state.opened.purchaseContext;
    const purchasePath = context ? `subscription/${context.descriptorId}` : `event/${encodeURIComponent(event.shortName)}`;
    const link = `${this.options.publicBaseUrl}/${purchasePath}/reservation/${reservationId}/${PAGE[state.status]}`;
    const mail = reservationMail({
      language: lang,
      firstName: state.booking.contact.firstName,
      eventTitle: event.title[lang] ?? event.displayName,
      organizer: organizer ? { name: organizer.name, email: organizer.email } : null,
      shortId: info.shortId,
      lines: info.orderSummary.summary.map((row) => ({ quantity: row.amount, name: row.name ?? '', subTotal: `${event.currency} ${row.subTotal}` })),
      vat: vatLine(info.orderSummary, event.currency, event.vatIncluded),
      total: `${event.currency} ${info.orderSummary.totalPrice}`,
      link,
      timeZone: event.timeZone,
      transfer:
        state.status === 'OFFLINE_PAYMENT' || state.status === 'DEFERRED_OFFLINE_PAYMENT'
          ? {
              bankAccount: organizer?.payment.bankAccount ?? '',
              owner: (organizer?.payment.bankAccountOwner ?? []).join('\n'),
              deadline: new Date(state.validUntil),
              deferred: state.status === 'DEFERRED_OFFLINE_PAYMENT',
            }
          : null,
      payAtDesk: state.payment?.proxy === 'ON_SITE',
      pass: passFacts(info.subscriptionInfos?.[0] ?? null),
    });
    // the confirmation of a complete order carries its tickets (those named so far; the others follow from their page),
    // and so does a deferred transfer's, whose tickets are issued at once
    const released = new Set(issued.filter((t) => t.status === 'RELEASED').map((t) => t.ticketId));
    const kept = state.opened.tickets.map((t) => t.ticketId).filter((ticketId) => !released.has(ticketId));
    const attachments = ticketsIssued(state) && kept.length > 0 ? await this.tickets.pdfsOf(event.shortName, kept, lang).catch(() => []) : [];
    await this.smtp.send({ to: state.booking.contact.email, language: lang, ...mail, ...(attachments.length > 0 ? { attachments } : {}) });
    return true;
  }
}

const ownerName = (owner: { readonly firstName: string; readonly lastName: string; readonly email: string }) => `${owner.firstName} ${owner.lastName} (${owner.email})`;

/** A pass order's words for its e-mail: the pass once issued (owner, ID, the PIN when shown); null for an event's order. */
function passFacts(info: SubscriptionInfoView | null): { id: string | null; owner: string; pin: string | null } | null {
  if (!info) return null;
  const { firstName, lastName, email } = info.owner;
  const owner = firstName && lastName && email ? ownerName({ firstName, lastName, email }) : '';
  return { id: info.id, owner, pin: info.configuration?.displayPin === false ? null : info.pin };
}

/** The VAT line the order's summary shows (the storefront's summary table shows the same), or null. */
function vatLine(summary: ReservationInfo['orderSummary'], currency: string, included: boolean): ReservationMailFacts['vat'] {
  if (!summary.displayVat || summary.free || summary.vatPercentage === null) return null;
  const rate = summary.vatPercentage.includes('.') ? summary.vatPercentage.replace(/\.?0+$/, '') : summary.vatPercentage;
  return { rate, amount: `${currency} ${summary.totalVAT}`, included };
}
