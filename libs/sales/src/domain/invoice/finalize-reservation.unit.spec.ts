import { describe, expect, it } from 'vitest';
import { NotFoundError } from '@ticketing/kernel';
import { deciderSpec } from '@ticketing/testing';
import type { BookingDetails } from '../reservation/booking-details.js';
import { decideConfirmOfflinePayment, decideConfirmReservation, type ConfirmReservation } from '../reservation/confirm-reservation.js';
import { decidePaymentFollowUp, type AttemptOutcome } from '../reservation/pay-online.js';
import type { ReservationConfirmed, ReservationEvent, ReservationFinalized, ReservationOpened } from '../reservation/reservation.events.js';
import { evolveReservation, initialReservationState, type OpenedReservation } from '../reservation/reservation.js';
import { billingDocumentOf } from './billing-document.js';
import { decideFinalizeReservation, finalizeReservationDecider, type FinalizationEvent, type FinalizeReservation } from './finalize-reservation.js';
import type { InvoicingRule } from './invoice-due.js';
import { formatInvoiceNumber } from './invoice-number.js';
import type { InvoiceNumberAssigned } from './invoice-sequence.events.js';

const now = new Date('2027-03-01T10:00:00.000Z');
const reservationId = 'r-1';
const eventShortName = 'gala';

const opened = (requiresPayment = true): ReservationOpened => ({
  type: 'ReservationOpened',
  data: {
    reservationId,
    eventShortName,
    language: 'en',
    validUntil: '2027-03-01T10:25:00.000Z',
    promoCode: null,
    tickets: [{ ticketId: 't-1', categoryId: 1, metadata: {} }],
    additionalServices: [],
    price: { requiresPayment, currency: 'CHF', totals: { priceWithVat: requiresPayment ? 4500 : 0 } } as ReservationOpened['data']['price'],
    ownerUserId: null,
  },
});
const booking = (invoiceRequested: boolean): BookingDetails => ({
  contact: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' },
  invoiceRequested,
  business: invoiceRequested,
  skipVatNr: false,
  customerReference: null,
  billing: null,
  postponeAssignment: false,
  attendees: {},
  items: [],
});
const booked = (invoiceRequested: boolean, requiresPayment = true): ReservationEvent[] => [
  opened(requiresPayment),
  { type: 'BookingDetailsRecorded', data: { reservationId, subjectId: `reservation-${reservationId}`, booking: booking(invoiceRequested) } },
  { type: 'BookingValidated', data: { reservationId } },
];
const given = (...events: ReservationEvent[]) => events.reduce((s, e) => evolveReservation(s, e, now.toISOString()), initialReservationState()) as OpenedReservation;

const invoices: InvoicingRule = { invoiceAllowed: true, onlyInvoice: false };
const confirm = (paymentProxy: string, invoicing: InvoicingRule | null = invoices): ConfirmReservation => ({
  reservationId,
  now,
  language: null,
  paymentProxy,
  termsAccepted: true,
  privacyAccepted: true,
  privacyPolicyRequired: false,
  availableProxies: ['OFFLINE', 'ON_SITE'],
  offlineDeadline: '2027-03-06T11:00:00.000Z',
  deferredTransfer: false,
  captchaPassed: null,
  invoicing,
});
const confirmed = (status: ReservationConfirmed['data']['status'], proxy: ReservationConfirmed['data']['paymentProxy'] = 'ON_SITE', extra: Partial<ReservationConfirmed['data']> = {}): ReservationConfirmed => ({
  type: 'ReservationConfirmed',
  data: { reservationId, eventShortName, paymentProxy: proxy, paymentMethod: proxy, status, paymentDeadline: null, privacyPolicyAccepted: true, ...extra },
});
const paidByCard: AttemptOutcome = { attemptId: 'a-1', proxy: 'STRIPE', method: 'CREDIT_CARD', status: 'SUCCEEDED', amount: 4500, currency: 'CHF', failure: null };
const retryUntil = new Date(now.getTime() + 10 * 60_000);

describe('whether a paid order waits for its invoice number (FINALIZING)', () => {
  it.each<[string, ReservationEvent[], InvoicingRule | null, string]>([
    ['the buyer asked for an invoice and the organizer issues them', booked(true), invoices, 'FINALIZING'],
    ['the event issues only invoices, asked or not', booked(false), { invoiceAllowed: true, onlyInvoice: true }, 'FINALIZING'],
    ['no invoice was asked for', booked(false), invoices, 'COMPLETE'],
    ['the organizer cannot issue invoices (any more)', booked(true), { invoiceAllowed: false, onlyInvoice: false }, 'COMPLETE'],
    ['the event was not found for its settings', booked(true), null, 'COMPLETE'],
  ])('paid at the desk when %s', (_, events, invoicing, status) => {
    const { events: decided } = decideConfirmReservation(given(...events), confirm('ON_SITE', invoicing));
    expect(decided.map((e) => e.data.status)).toEqual([status]);
    expect(decided[0]!.data.invoiceDue ?? false).toBe(status === 'FINALIZING');
  });

  it('never for a free order: there is nothing to invoice', () => {
    const { events } = decideConfirmReservation(given(...booked(true, false)), confirm('NONE', { invoiceAllowed: true, onlyInvoice: true }));
    expect(events).toEqual([confirmed('COMPLETE', 'NONE')]);
  });

  it('a bank transfer carries the invoice to its confirmation, which is FINALIZING', () => {
    const { events } = decideConfirmReservation(given(...booked(true)), confirm('OFFLINE'));
    expect(events[0]!.data).toMatchObject({ status: 'OFFLINE_PAYMENT', invoiceDue: true });
    const awaiting = given(...booked(true), events[0]!);
    expect(decideConfirmOfflinePayment(awaiting, reservationId).events).toEqual([{ type: 'OfflinePaymentConfirmed', data: { reservationId, eventShortName, status: 'FINALIZING' } }]);
    const withoutInvoice = given(...booked(false), ...decideConfirmReservation(given(...booked(false)), confirm('OFFLINE')).events);
    expect(decideConfirmOfflinePayment(withoutInvoice, reservationId).events).toEqual([{ type: 'OfflinePaymentConfirmed', data: { reservationId, eventShortName } }]);
  });

  it('a transfer confirmed again while FINALIZING changes nothing', () => {
    const finalizing = given(...booked(true), confirmed('OFFLINE_PAYMENT', 'OFFLINE', { invoiceDue: true }), { type: 'OfflinePaymentConfirmed', data: { reservationId, eventShortName, status: 'FINALIZING' } });
    expect(finalizing.status).toBe('FINALIZING');
    expect(decideConfirmOfflinePayment(finalizing, reservationId)).toEqual({ events: [], tickets: null });
  });

  it('money from a provider makes an order that gets an invoice FINALIZING', () => {
    const followUp = decidePaymentFollowUp(given(...booked(true)), paidByCard, retryUntil, now, invoices);
    expect(followUp).toMatchObject({ kind: 'complete', events: [{ data: { status: 'FINALIZING', invoiceDue: true, paymentAttemptId: 'a-1' } }] });
    expect(decidePaymentFollowUp(given(...booked(false)), paidByCard, retryUntil, now, invoices)).toMatchObject({ kind: 'complete', events: [{ data: { status: 'COMPLETE' } }] });
  });

  it('while FINALIZING, the same money again changes nothing and another attempt\'s money is refunded', () => {
    const finalizing = given(...booked(true), confirmed('FINALIZING', 'STRIPE', { paymentAttemptId: 'a-1', invoiceDue: true }));
    expect(decidePaymentFollowUp(finalizing, paidByCard, retryUntil, now, invoices)).toEqual({ kind: 'none' });
    expect(decidePaymentFollowUp(finalizing, { ...paidByCard, attemptId: 'a-2' }, retryUntil, now, invoices)).toEqual({ kind: 'refund', reason: 'DUPLICATE' });
    expect(decideConfirmReservation(finalizing, confirm('ON_SITE'))).toEqual({ events: [], settlement: null, tickets: null });
  });
});

describe('FinalizeReservation', () => {
  const spec = deciderSpec(finalizeReservationDecider);
  const finalize = (invoiceNumberPattern: string | null = null): FinalizeReservation => ({ type: 'FinalizeReservation', data: { reservationId, organizerSlug: 'acme', invoiceNumberPattern } });
  const taken = (sequence: number, by = `r-${sequence + 100}`): InvoiceNumberAssigned => ({
    type: 'InvoiceNumberAssigned',
    data: { organizerSlug: 'acme', sequence, invoiceNumber: String(sequence), reservationId: by },
  });
  const numbered = (sequence: number, invoiceNumber = String(sequence)): FinalizationEvent[] => [
    { type: 'InvoiceNumberAssigned', data: { organizerSlug: 'acme', sequence, invoiceNumber, reservationId } },
    { type: 'ReservationFinalized', data: { reservationId, eventShortName, organizerSlug: 'acme', sequence, invoiceNumber } },
  ];
  const finalizing: FinalizationEvent[] = [...booked(true), confirmed('FINALIZING', 'STRIPE', { invoiceDue: true })];

  describe('an order waiting for its number', () => {
    it("takes the organizer's first number", () => spec.given(finalizing).when(finalize()).then(numbered(1)));

    it('takes the number after the last one taken, in the pattern', () =>
      spec
        .given([taken(1), taken(2), ...finalizing, taken(41)])
        .when(finalize('INV-%06d'))
        .then(numbered(42, 'INV-000042')));
  });

  describe('an order with nothing to finalize', () => {
    it.each<[string, FinalizationEvent[]]>([
      ['finalized already', [...finalizing, ...numbered(1)]],
      ['complete without an invoice', [...booked(false), confirmed('COMPLETE')]],
      ['awaiting a bank transfer', [...booked(true), confirmed('OFFLINE_PAYMENT', 'OFFLINE', { invoiceDue: true })]],
      ['pending', booked(true)],
    ])('%s: changes nothing', (_, events) => spec.given([taken(1), ...events]).when(finalize()).then([]));
  });

  it('refuses an unknown order', () => {
    expect(() => decideFinalizeReservation(finalize(), finalizeReservationDecider.initialState())).toThrow(NotFoundError);
  });

  it('completes the order with its number', () => {
    const state = given(...booked(true), confirmed('FINALIZING', 'STRIPE', { invoiceDue: true }), numbered(7)[1] as ReservationFinalized);
    expect(state).toMatchObject({ status: 'COMPLETE', invoice: { number: '7', assignedAt: now.toISOString() } });
  });
});

describe('the document a buyer downloads (spec 6)', () => {
  const receipts = { onlyInvoice: false, enabledItalyEInvoicing: false };
  const finalized: ReservationEvent = { type: 'ReservationFinalized', data: { reservationId, eventShortName, organizerSlug: 'acme', sequence: 3, invoiceNumber: 'INV-3' } };
  it.each<[string, ReservationEvent[], typeof receipts, string | null]>([
    ['an invoice once numbered', [...booked(true), confirmed('FINALIZING', 'STRIPE', { invoiceDue: true }), finalized], receipts, 'INVOICE'],
    ['nothing while its number is to come', [...booked(true), confirmed('FINALIZING', 'STRIPE', { invoiceDue: true })], receipts, null],
    ['a receipt for a paid order without an invoice', [...booked(false), confirmed('COMPLETE', 'STRIPE')], receipts, 'RECEIPT'],
    ['nothing where only invoices are issued', [...booked(false), confirmed('COMPLETE', 'STRIPE')], { ...receipts, onlyInvoice: true }, null],
    ['nothing under Italian e-invoicing', [...booked(false), confirmed('COMPLETE', 'STRIPE')], { ...receipts, enabledItalyEInvoicing: true }, null],
    ['nothing for a free order', [...booked(false, false), confirmed('COMPLETE', 'NONE')], receipts, null],
    ['nothing before the transfer arrives', [...booked(false), confirmed('OFFLINE_PAYMENT', 'OFFLINE')], receipts, null],
  ])('%s', (_, events, rule, document) => expect(billingDocumentOf(given(...events), rule)).toBe(document));
});

describe('formatInvoiceNumber', () => {
  it.each<[string | null, number, string]>([
    [null, 42, '42'],
    ['%d', 7, '7'],
    ['INV-%06d', 42, 'INV-000042'],
    ['INV-%02d', 1234, 'INV-1234'],
    ['%%%d%%', 5, '%5%'],
    ['R%03d/2030', 9, 'R009/2030'],
    ['no place for it', 9, '9'],
  ])('%s with %i prints %s', (pattern, sequence, printed) => expect(formatInvoiceNumber(pattern, sequence)).toBe(printed));
});
