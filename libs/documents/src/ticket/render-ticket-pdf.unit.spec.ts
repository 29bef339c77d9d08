import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { decodeQr, pdfImages, pdfPages, pdfText } from '../test-support/pdf.fixtures.js';
import { renderTicketPdf, type TicketDocument } from './render-ticket-pdf.js';
import { ticketCodePng } from './ticket-code-png.js';

const ticket: TicketDocument = {
  language: 'en',
  event: {
    title: 'Winter Festival 2027',
    organizerName: 'Kulturverein Zürich',
    location: 'Hallenstadion, Wallisellenstrasse 45, 8050 Zürich',
    online: false,
    formattedBegin: 'Sat 16 Jan 2027 19:30',
    formattedEnd: 'Sun 17 Jan 2027 01:00',
    timeZone: 'Europe/Zurich',
  },
  holder: { fullName: 'Jürgen Straßer-Ødegård', email: 'juergen@example.ch' },
  categoryName: 'Standing, ground floor',
  reference: 'A1B2C3D4',
  ticketId: '3f2c1a9e-7d4b-4c1e-9a7f-0b1c2d3e4f50',
  qrText: '3f2c1a9e-7d4b-4c1e-9a7f-0b1c2d3e4f50/2f6e0f5c9a0b4d8e',
  additionalServices: [
    { title: 'Parking', fields: [{ label: 'Number plate', value: 'ZH 123 456' }, { label: 'Vehicle', value: 'Estate car' }] },
    { title: 'T-shirt', fields: [{ label: 'Size', value: 'M' }] },
  ],
  deskPaymentRequired: false,
  createdAt: new Date('2027-01-10T12:00:00Z'),
};

describe('renderTicketPdf', () => {
  it('prints the event, the holder, the category, the order and the additional services', async () => {
    const text = await pdfText(await renderTicketPdf(ticket));
    for (const expected of [
      'Winter Festival 2027', 'Kulturverein Zürich', 'Jürgen Straßer-Ødegård', 'juergen@example.ch', 'Standing, ground floor',
      'A1B2C3D4', ticket.ticketId, 'Sat 16 Jan 2027 19:30 – Sun 17 Jan 2027 01:00', 'Europe/Zurich',
      'Hallenstadion, Wallisellenstrasse 45, 8050 Zürich', 'Additional options', 'Parking', 'Number plate: ZH 123 456',
      'Vehicle: Estate car', 'T-shirt', 'Size: M', 'Holder', 'Category', 'Reference number',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('prints the desk-payment notice with the amount due only when the price is owed at the desk', async () => {
    const owed = await pdfText(await renderTicketPdf({ ...ticket, deskPaymentRequired: true, amountDue: 'CHF 20.00' }));
    expect(owed).toContain('This ticket has not been paid yet: you will have to pay the amount due on arrival.');
    expect(owed).toContain('Amount due: CHF 20.00');

    const owedWithoutAmount = await pdfText(await renderTicketPdf({ ...ticket, deskPaymentRequired: true }));
    expect(owedWithoutAmount).toContain('This ticket has not been paid yet');
    expect(owedWithoutAmount).not.toContain('Amount due');

    const paid = await pdfText(await renderTicketPdf({ ...ticket, amountDue: 'CHF 20.00' }));
    expect(paid).not.toContain('has not been paid yet');
    expect(paid).not.toContain('CHF 20.00');
  });

  it('embeds the QR code as an image that decodes to the ticket code', async () => {
    const images = await pdfImages(await renderTicketPdf(ticket));
    expect(images).toHaveLength(1);
    expect(decodeQr(images[0]!)).toBe(ticket.qrText);
  });

  it('speaks the buyer\'s language', async () => {
    const text = await pdfText(await renderTicketPdf({ ...ticket, language: 'de', deskPaymentRequired: true, amountDue: 'CHF 20.00' }));
    expect(text).toContain('Inhaber/in');
    expect(text).toContain('Referenznummer');
    expect(text).toContain('Zusatzoptionen');
    expect(text).toContain('Fälliger Betrag: CHF 20.00');
    expect(text).not.toContain('Holder');
  });

  it('sets Latin Extended, Greek and Cyrillic names in the fonts that have them', async () => {
    const names = 'Łukasz Wójcik, Νίκος Παπαδόπουλος, Светлана Иванова, Nguyễn Văn An';
    const text = await pdfText(await renderTicketPdf({ ...ticket, holder: { fullName: names, email: 'x@example.org' } }));
    for (const name of names.split(', ')) expect(text).toContain(name);
  });

  it('says "Online event" for an online event without a place', async () => {
    const text = await pdfText(await renderTicketPdf({ ...ticket, event: { ...ticket.event, location: null, online: true } }));
    expect(text).toContain('Online event');
    expect(text).not.toContain('Hallenstadion');
  });

  it('continues on further pages when the additional services do not fit on one', async () => {
    const services = Array.from({ length: 40 }, (_, n) => ({ title: `Workshop ${n + 1}`, fields: [{ label: 'Room', value: `R${n + 1}` }] }));
    const pages = await pdfPages(await renderTicketPdf({ ...ticket, additionalServices: services }));
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.join('\n')).toContain('Workshop 40');
    expect(pages.at(-1)).toContain('Room: R40');
  });

  it('renders the same bytes for the same ticket and creation date', async () => {
    expect((await renderTicketPdf(ticket)).equals(await renderTicketPdf(ticket))).toBe(true);
  });
});

describe('ticketCodePng', () => {
  it('is a grayscale PNG, at most as wide as asked, whose QR code decodes to the exact text', async () => {
    for (const [text, size] of [[ticket.qrText, undefined], ['ABC-ünïcödé-€', 120], ['x'.repeat(300), 500]] as const) {
      const png = PNG.sync.read(await ticketCodePng(text, size === undefined ? {} : { size }));
      expect(png.width).toBe(png.height);
      expect(png.width).toBeLessThanOrEqual(size ?? 300);
      expect(png.colorType).toBe(0);
      expect(decodeQr({ width: png.width, height: png.height, rgba: new Uint8ClampedArray(png.data) })).toBe(text);
    }
  });
});
