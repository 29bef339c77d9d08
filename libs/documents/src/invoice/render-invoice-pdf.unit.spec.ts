import { describe, expect, it } from 'vitest';
import { pdfImages, pdfPages, pdfText } from '../test-support/pdf.fixtures.js';
import { renderInvoicePdf, type InvoiceDocument } from './render-invoice-pdf.js';

const invoice: InvoiceDocument = {
  kind: 'invoice',
  language: 'en',
  number: '2027-000042',
  issuedOn: '16 Jan 2027',
  reference: 'A1B2C3D4',
  seller: { name: 'Kulturverein Zürich', address: 'Limmatquai 1\n8001 Zürich\nSwitzerland', vatNumber: 'CHE-123.456.789 MWST', email: 'box-office@kulturverein.ch' },
  buyer: {
    name: 'Jürgen Straßer',
    companyName: 'Straßer & Söhne AG',
    addressLines: ['Bahnhofstrasse 12', '3000 Bern', 'Switzerland'],
    vatNumber: 'CHE-987.654.321',
    email: 'accounts@strasser.ch',
  },
  lines: [
    { description: 'Standing, ground floor', quantity: 2, unitPrice: '40.00', vatPercentage: '8.1', total: '80.00', vat: 'included' },
    { description: 'Parking', quantity: 1, unitPrice: '20.00', vatPercentage: '8.1', total: '20.00', vat: 'included' },
    { description: 'Donation', quantity: 1, unitPrice: '7.70', vatPercentage: null, total: '7.70', vat: 'none' },
  ],
  subtotals: [{ label: 'Net', amount: '100.21' }, { label: 'VAT 8.1 %', amount: '7.49' }],
  total: '107.70',
  currency: 'CHF',
  payment: { method: 'Credit card', paidOn: '16 Jan 2027' },
  createdAt: new Date('2027-01-16T10:00:00Z'),
};

describe('renderInvoicePdf', () => {
  it('prints the number, the seller, the buyer, every line and the totals of an invoice', async () => {
    const text = await pdfText(await renderInvoicePdf(invoice));
    for (const expected of [
      'Invoice', 'Invoice number: 2027-000042', 'Date: 16 Jan 2027', 'Reference number: A1B2C3D4',
      'Kulturverein Zürich', 'Limmatquai 1 8001 Zürich Switzerland', 'VAT no.: CHE-123.456.789 MWST', 'box-office@kulturverein.ch',
      'Buyer', 'Straßer & Söhne AG', 'Jürgen Straßer', 'Bahnhofstrasse 12', '3000 Bern', 'VAT no.: CHE-987.654.321', 'accounts@strasser.ch',
      'Description', 'Quantity', 'Unit price (CHF)', 'Total (CHF)',
      'Standing, ground floor 2 40.00 8.1 % 80.00', 'Parking 1 20.00 8.1 % 20.00', 'Donation 1 7.70 7.70',
      'Net 100.21', 'VAT 8.1 % 7.49', 'Total CHF 107.70',
      'Payment method: Credit card', 'Paid: 16 Jan 2027', 'Page 1 of 1',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Receipt');
  });

  it('says under each line how its price holds VAT when the lines differ, and sends the reader there from the total', async () => {
    const text = await pdfText(await renderInvoicePdf(invoice));
    for (const expected of [
      'Standing, ground floor 2 40.00 8.1 % 80.00 Price includes VAT', 'Parking 1 20.00 8.1 % 20.00 Price includes VAT', 'Donation 1 7.70 7.70 No VAT',
      'Total CHF 107.70 VAT as stated on each line',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Prices include VAT');
  });

  it('says it once under the total when every line holds VAT alike, a line selling nothing itself aside', async () => {
    const discount = { description: 'SPRING', quantity: 1, unitPrice: '-10%', vatPercentage: null, total: '-10.00', vat: null };
    const alike = (vat: 'included' | 'excluded' | 'none') => ({ ...invoice, lines: [...invoice.lines.slice(0, 2).map((line) => ({ ...line, vat })), discount] });
    for (const [vat, note] of [['included', 'Prices include VAT'], ['excluded', 'Prices exclude VAT'], ['none', 'No VAT']] as const) {
      const text = await pdfText(await renderInvoicePdf(alike(vat)));
      expect(text).toContain(`Total CHF 107.70 ${note}`);
      expect(text).toContain('Parking 1 20.00 8.1 % 20.00 SPRING');
      for (const perLine of ['Price includes VAT', 'Price excludes VAT', 'VAT as stated on each line']) expect(text).not.toContain(perLine);
    }
  });

  it('makes a receipt without an invoice number', async () => {
    const text = await pdfText(await renderInvoicePdf({ ...invoice, kind: 'receipt', number: null }));
    expect(text).toContain('Receipt');
    expect(text).not.toContain('Invoice');
    expect(text).toContain('Reference number: A1B2C3D4');
    expect(text).toContain('Total CHF 107.70');
  });

  it('never prints a number on a receipt, nor an empty one on an invoice', async () => {
    expect(await pdfText(await renderInvoicePdf({ ...invoice, kind: 'receipt' }))).not.toContain('2027-000042');
    expect(await pdfText(await renderInvoicePdf({ ...invoice, number: null }))).not.toContain('Invoice number');
  });

  it('speaks German for a German buyer', async () => {
    const text = await pdfText(await renderInvoicePdf({ ...invoice, language: 'de', lines: invoice.lines.map((line) => ({ ...line, vat: 'excluded' })), payment: { method: 'Kreditkarte', paidOn: null } }));
    for (const expected of [
      'Rechnung', 'Rechnungsnummer: 2027-000042', 'Datum: 16 Jan 2027', 'Käufer', 'MwSt.-Nr.: CHE-987.654.321', 'Beschreibung', 'Anzahl',
      'Einzelpreis (CHF)', 'Gesamt CHF 107.70', 'Preise exklusive MwSt.', 'Zahlungsart: Kreditkarte', 'Zahlung ausstehend', 'Seite 1 von 1',
    ]) {
      expect(text).toContain(expected);
    }
    for (const english of ['Invoice', 'Description', 'Buyer', 'Payment method', 'Page']) expect(text).not.toContain(english);
  });

  it('runs over pages with the table header on each and every line in order', async () => {
    const lines = Array.from({ length: 70 }, (_, n) => ({ description: `Seat ${n + 1}`, quantity: 1, unitPrice: '10.00', vatPercentage: '8.1', total: '10.00', vat: 'included' as const }));
    const pages = await pdfPages(await renderInvoicePdf({ ...invoice, lines }));
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, index) => {
      expect(page).toContain('Unit price (CHF)');
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
    });
    const all = pages.join('\n');
    const positions = lines.map((line) => all.search(new RegExp(`${line.description}\\b`)));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(pages.at(-1)).toContain('Total CHF 107.70');
  });

  it('keeps a line and its VAT note together over pages', async () => {
    const lines = Array.from({ length: 70 }, (_, n) => ({ description: `Seat ${n + 1}`, quantity: 1, unitPrice: '10.00', vatPercentage: n % 2 ? null : '8.1', total: '10.00', vat: n % 2 ? ('none' as const) : ('excluded' as const) }));
    const pages = await pdfPages(await renderInvoicePdf({ ...invoice, lines }));
    expect(pages.length).toBeGreaterThan(1);
    for (const [n, line] of lines.entries()) {
      const note = line.vat === 'none' ? 'No VAT' : 'Price excludes VAT';
      const figures = line.vatPercentage === null ? '1 10.00 10.00' : '1 10.00 8.1 % 10.00';
      const onPage = (page: string) => new RegExp(`Seat ${n + 1}\\s+${figures.replace(/ /g, '\\s+')}\\s+${note}\\s`).test(page);
      expect(pages.filter(onPage).length, line.description).toBe(1);
    }
  });

  it('holds text only, no images', async () => {
    expect(await pdfImages(await renderInvoicePdf(invoice))).toEqual([]);
  });
});
