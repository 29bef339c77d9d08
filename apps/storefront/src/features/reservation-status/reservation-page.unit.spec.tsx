import { describe, expect, it } from 'vitest';
import { invoiceDownload } from './invoice-download';
import { makeReservation } from './reservation-fixtures';
import { AVAILABLE_PAGES, availablePage, pageForStatus, pageOfPath, RESERVATION_PAGES, shortReservationId } from './reservation-page';

const lookup = (status: string, validatedBookingInformation = false) => ({ status, validatedBookingInformation });

describe('the page a reservation status asks for (spec 4)', () => {
  it.each([
    ['PENDING', false, 'book'],
    ['PENDING', true, 'overview'],
    ['COMPLETE', true, 'success'],
    ['FINALIZING', true, 'success'],
    ['OFFLINE_PAYMENT', true, 'waiting-payment'],
    ['OFFLINE_FINALIZING', true, 'waiting-payment'],
    ['DEFERRED_OFFLINE_PAYMENT', true, 'deferred-payment'],
    ['EXTERNAL_PROCESSING_PAYMENT', true, 'processing-payment'],
    ['WAITING_EXTERNAL_CONFIRMATION', true, 'processing-payment'],
    ['IN_PAYMENT', true, 'error'],
    ['STUCK', false, 'error'],
    ['CANCELLED', true, 'not-found'],
    ['CREDIT_NOTE_ISSUED', true, 'not-found'],
    ['CUSTOM_OFFLINE_PAYMENT', true, 'not-found'],
    ['SOMETHING_NEW', false, 'not-found'],
  ])('%s (validated: %s) -> %s', (status, validated, page) => {
    expect(pageForStatus(lookup(status, validated))).toBe(page);
  });

  it('sends a failed lookup to not-found (spec 8)', () => {
    expect(pageForStatus(null)).toBe('not-found');
  });

  it('reads the booking flag only for PENDING', () => {
    expect(pageForStatus(lookup('COMPLETE', false))).toBe('success');
    expect(pageForStatus(lookup('OFFLINE_PAYMENT', false))).toBe('waiting-payment');
  });
});

describe('the pages this storefront has', () => {
  it('has every page of the status table, the processing one included', () => {
    expect([...AVAILABLE_PAGES]).toEqual([...RESERVATION_PAGES]);
    expect(availablePage('processing-payment')).toBe('processing-payment');
    expect(availablePage('processing-payment', new Set(['error']))).toBe('error');
    expect(availablePage('success')).toBe('success');
  });
});

describe('the page of an address', () => {
  const id = 'abcdef12-3456-4789-8abc-def012345678';
  it('is the segment after the reservation id, or none for the bare address', () => {
    expect(pageOfPath(`/event/x/reservation/${id}/book`, id)).toBe('book');
    expect(pageOfPath(`/event/x/reservation/${id}/waitingPayment`, id)).toBe('waitingPayment');
    expect(pageOfPath(`/event/x/reservation/${id}`, id)).toBeUndefined();
    expect(pageOfPath(`/event/x/reservation/${id}/`, id)).toBeUndefined();
  });

  it('shows the first 8 characters of the id upper-cased', () => {
    expect(shortReservationId(id)).toBe('ABCDEF12');
  });
});

describe('invoice or receipt download (spec 6)', () => {
  const paidWithDocument = makeReservation({ paid: true, invoiceOrReceiptDocumentPresent: true });

  it('is the receipt of a paid order with a document, when the organizer lets the buyer download it', () => {
    expect(invoiceDownload(paidWithDocument, { type: 'event', id: 'jazz' }, true)).toEqual({
      kind: 'receipt',
      href: `/api/v2/public/event/jazz/reservation/${paidWithDocument.id}/receipt`,
    });
  });

  it('is the invoice when the order has an invoice number', () => {
    expect(invoiceDownload({ ...paidWithDocument, invoiceNumber: '2027-001' }, { type: 'event', id: 'jazz' }, true)?.kind).toBe('invoice');
  });

  it.each([
    ['the organizer does not allow it', { ...paidWithDocument }, false],
    ['the order is not paid', { ...paidWithDocument, paid: false }, true],
    ['no document exists (all orders today)', { ...paidWithDocument, invoiceOrReceiptDocumentPresent: false }, true],
  ])('is none when %s', (_, reservation, allowed) => {
    expect(invoiceDownload(reservation, { type: 'event', id: 'jazz' }, allowed)).toBeNull();
  });
});
