import { describe, expect, it } from 'vitest';
import type { PurchaseOffer } from '@ticketing/catalog/contracts';
import { eventDetails, invoicingTerms } from '@ticketing/testing/catalog-events';
import { deferredPaymentDeadline, offlinePaymentDeadline, paymentTerms } from './payment-terms.js';

const event = eventDetails({ timeZone: 'Europe/Zurich', start: '2027-04-20T19:00:00', end: '2027-04-20T23:00:00' });

describe('the deadline of a bank transfer', () => {
  it('is five business days from the start of the half-day, skipping the weekend', () => {
    // Wednesday 10:00 in Zurich -> the following Wednesday 00:00 (Thu, Fri, Mon, Tue, Wed)
    expect(offlinePaymentDeadline(new Date('2027-03-03T09:00:00Z'), event, 5)?.toISOString()).toBe('2027-03-09T23:00:00.000Z');
  });

  it('counts from noon in the afternoon', () => {
    expect(offlinePaymentDeadline(new Date('2027-03-03T14:00:00Z'), event, 1)?.toISOString()).toBe('2027-03-04T11:00:00.000Z');
  });

  it('never ends after the event begins', () => {
    expect(offlinePaymentDeadline(new Date('2027-04-19T08:00:00Z'), event, 5)?.toISOString()).toBe('2027-04-20T17:00:00.000Z');
  });

  it('leaves two hours when the event is about to begin', () => {
    expect(offlinePaymentDeadline(new Date('2027-04-20T16:30:00Z'), event, 5)?.toISOString()).toBe('2027-04-20T18:30:00.000Z');
  });

  it('is impossible once the event has begun', () => {
    expect(offlinePaymentDeadline(new Date('2027-04-20T17:00:00Z'), event, 5)).toBeNull();
  });
});

describe('the deadline of a deferred bank transfer', () => {
  it('is the event begin in its zone, however far away', () => {
    expect(deferredPaymentDeadline(new Date('2027-03-03T09:00:00Z'), event)?.toISOString()).toBe('2027-04-20T17:00:00.000Z');
  });

  it('is impossible once the event has begun', () => {
    expect(deferredPaymentDeadline(new Date('2027-04-20T17:00:00Z'), event)).toBeNull();
  });
});

describe('the payment terms of an offer', () => {
  const offer = (overrides: Partial<PurchaseOffer['event']> = {}): PurchaseOffer => ({
    event: { ...event, allowedPaymentProxies: ['OFFLINE', 'ON_SITE'], ...overrides },
    organizer: null,
    totalSeats: null,
    capacities: [],
    categories: [],
    services: [],
    code: null,
    attendeeFields: [],
    invoicing: invoicingTerms(),
  });
  const wednesday = new Date('2027-03-03T09:00:00Z');

  it('offers a bank transfer and payment on site, in that order, with the transfer due after the delay', () => {
    const terms = paymentTerms(offer({ allowedPaymentProxies: ['ON_SITE', 'OFFLINE'] }), wednesday);
    expect(terms.proxies).toEqual(['OFFLINE', 'ON_SITE']);
    expect(terms.offlineDeadline?.toISOString()).toBe('2027-03-09T23:00:00.000Z');
    expect(terms.deferredTransfer).toBe(false);
  });

  it('lets a deferred transfer be paid until the event begins, and keeps the delay shown for it', () => {
    const terms = paymentTerms(offer({ offlinePayment: { ...event.offlinePayment, deferred: true } }), wednesday);
    expect(terms.offlineDeadline?.toISOString()).toBe('2027-04-20T17:00:00.000Z');
    expect(terms.transferDeadline?.toISOString()).toBe('2027-03-09T23:00:00.000Z');
  });

  it('drops the bank transfer once the event has begun, and offers only what the event allows', () => {
    expect(paymentTerms(offer(), new Date('2027-04-20T17:00:00Z')).proxies).toEqual(['ON_SITE']);
    expect(paymentTerms(offer({ allowedPaymentProxies: ['OFFLINE'] }), wednesday).proxies).toEqual(['OFFLINE']);
  });
});
