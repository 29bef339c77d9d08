import { interpolate } from '@ticketing/i18n';
import { documentLabels, type DocumentLabels } from '../labels/document-labels.js';
import { A4_MARGIN, MUTED, rule, startPdf, textHeight, writeText, type TextStyle } from '../pdf/pdf-document.js';

/** How a line's price held VAT when the order was priced: inside it, added on top of it, or none charged. */
export type LineVat = 'included' | 'excluded' | 'none';

export interface InvoiceDocument {
  readonly kind: 'invoice' | 'receipt';
  readonly language: string;
  /** the invoice number; null for a receipt */
  readonly number: string | null;
  /** formatted date */
  readonly issuedOn: string;
  /** the order's short id */
  readonly reference: string;
  /** `address` may hold several lines separated by `\n` */
  readonly seller: { readonly name: string; readonly address: string; readonly vatNumber: string | null; readonly email: string | null };
  readonly buyer: {
    readonly name: string;
    readonly companyName: string | null;
    readonly addressLines: readonly string[];
    readonly vatNumber: string | null;
    readonly email: string;
  };
  /** amounts are formatted numbers without the currency (`20.00`), which the table's header and the total print */
  readonly lines: readonly {
    readonly description: string;
    readonly quantity: number;
    readonly unitPrice: string;
    readonly vatPercentage: string | null;
    readonly total: string;
    /** null for a line that sells nothing itself (a code's discount, what a pass paid) */
    readonly vat: LineVat | null;
  }[];
  /** e.g. net, VAT 7.7 % */
  readonly subtotals: readonly { readonly label: string; readonly amount: string }[];
  readonly total: string;
  readonly currency: string;
  readonly payment: { readonly method: string; readonly paidOn: string | null };
  /** What was bought, printed above the lines: the event's title and date. */
  readonly subject?: string | null;
  /** the PDF's creation date; without it pdfkit stamps the time of rendering */
  readonly createdAt?: Date;
}

/** Columns of the lines' table: x offset from the margin, width, alignment. */
const COLUMNS = {
  description: { x: 0, width: 215, align: 'left' },
  quantity: { x: 220, width: 45, align: 'right' },
  unitPrice: { x: 270, width: 80, align: 'right' },
  vat: { x: 355, width: 45, align: 'right' },
  total: { x: 405, width: 90, align: 'right' },
} as const;
type Column = keyof typeof COLUMNS;

const BODY: TextStyle = { size: 10 };
const LINE_NOTE: TextStyle = { size: 8, color: MUTED };
const FOOTER_SPACE = 30;

/** An invoice (with its number) or a receipt of a paid order, on as many A4 pages as its lines need. */
export async function renderInvoicePdf(invoice: InvoiceDocument): Promise<Buffer> {
  const labels = documentLabels(invoice.language);
  const title = invoice.kind === 'invoice' ? labels.invoice : labels.receipt;
  const { doc, bytes } = startPdf({
    title: invoice.number && invoice.kind === 'invoice' ? `${title} ${invoice.number}` : `${title} ${invoice.reference}`,
    author: invoice.seller.name,
    language: invoice.language,
    createdAt: invoice.createdAt,
    bufferPages: true,
  });

  header(doc, labels, invoice, title);
  parties(doc, labels, invoice);
  lines(doc, labels, invoice);
  totals(doc, labels, invoice);
  payment(doc, labels, invoice);
  footers(doc, labels, invoice.seller.name);

  doc.end();
  return bytes;
}

function header(doc: PDFKit.PDFDocument, labels: DocumentLabels, invoice: InvoiceDocument, title: string): void {
  const left = { x: A4_MARGIN, width: 260 };
  const right = { x: A4_MARGIN + 275, width: doc.page.width - 2 * A4_MARGIN - 275 };
  writeText(doc, invoice.seller.name, { size: 14, weight: 'bold' }, { x: left.x, y: A4_MARGIN }, { width: left.width });
  writeText(doc, invoice.seller.address, { size: 10, color: MUTED }, { x: left.x, y: doc.y + 2 }, { width: left.width });
  if (invoice.seller.vatNumber) writeText(doc, `${labels.vatNumber}: ${invoice.seller.vatNumber}`, { size: 10, color: MUTED }, { x: left.x, y: doc.y }, { width: left.width });
  if (invoice.seller.email) writeText(doc, invoice.seller.email, { size: 10, color: MUTED }, { x: left.x, y: doc.y }, { width: left.width });
  const leftBottom = doc.y;

  writeText(doc, title, { size: 24, weight: 'bold' }, { x: right.x, y: A4_MARGIN - 4 }, { width: right.width, align: 'right' });
  const facts: [string, string][] = [];
  if (invoice.kind === 'invoice' && invoice.number) facts.push([labels.invoiceNumber, invoice.number]);
  facts.push([labels.date, invoice.issuedOn], [labels.reference, invoice.reference]);
  for (const [caption, value] of facts) {
    writeText(doc, `${caption}: ${value}`, BODY, { x: right.x, y: doc.y + 2 }, { width: right.width, align: 'right' });
  }
  doc.y = Math.max(leftBottom, doc.y) + 28;
}

function parties(doc: PDFKit.PDFDocument, labels: DocumentLabels, invoice: InvoiceDocument): void {
  const { buyer } = invoice;
  const width = 300;
  writeText(doc, labels.buyer, { size: 9, color: MUTED }, { x: A4_MARGIN, y: doc.y }, { width });
  if (buyer.companyName) writeText(doc, buyer.companyName, { size: 11, weight: 'bold' }, { x: A4_MARGIN, y: doc.y + 1 }, { width });
  writeText(doc, buyer.name, buyer.companyName ? BODY : { size: 11, weight: 'bold' }, { x: A4_MARGIN, y: doc.y + 1 }, { width });
  for (const line of buyer.addressLines) writeText(doc, line, BODY, { x: A4_MARGIN, y: doc.y }, { width });
  if (buyer.vatNumber) writeText(doc, `${labels.vatNumber}: ${buyer.vatNumber}`, BODY, { x: A4_MARGIN, y: doc.y }, { width });
  writeText(doc, buyer.email, { size: 10, color: MUTED }, { x: A4_MARGIN, y: doc.y }, { width });
  doc.y += 28;
  if (invoice.subject) {
    writeText(doc, invoice.subject, { size: 12, weight: 'bold' }, { x: A4_MARGIN, y: doc.y }, { width: doc.page.width - 2 * A4_MARGIN });
    doc.y += 12;
  }
}

function cell(doc: PDFKit.PDFDocument, column: Column, text: string, y: number, style: TextStyle): number {
  const { x, width, align } = COLUMNS[column];
  writeText(doc, text, style, { x: A4_MARGIN + x, y }, { width, align });
  return doc.y;
}

function tableHeader(doc: PDFKit.PDFDocument, labels: DocumentLabels, currency: string): void {
  const style: TextStyle = { size: 9, weight: 'bold', color: MUTED };
  const y = doc.y;
  const bottom = Math.max(
    cell(doc, 'description', labels.description, y, style),
    cell(doc, 'quantity', labels.quantity, y, style),
    cell(doc, 'unitPrice', `${labels.unitPrice} (${currency})`, y, style),
    cell(doc, 'vat', labels.vat, y, style),
    cell(doc, 'total', `${labels.total} (${currency})`, y, style),
  );
  rule(doc, bottom + 4);
  doc.y = bottom + 10;
}

/**
 * How the document's lines held VAT: one way for all (`included`, `excluded`, `none`), `mixed` when they differ (a
 * supplement at its own rate, a donation without VAT), null when no line says.
 */
function vatOfLines(lines: InvoiceDocument['lines']): LineVat | 'mixed' | null {
  const ways = new Set(lines.flatMap((line) => (line.vat === null ? [] : [line.vat])));
  if (ways.size > 1) return 'mixed';
  return ways.values().next().value ?? null;
}

const lineNote = (labels: DocumentLabels, vat: LineVat) => (vat === 'included' ? labels.lineVatIncluded : vat === 'excluded' ? labels.lineVatExcluded : labels.noVat);

function lines(doc: PDFKit.PDFDocument, labels: DocumentLabels, invoice: InvoiceDocument): void {
  const pageBottom = doc.page.height - A4_MARGIN - FOOTER_SPACE;
  const { width } = COLUMNS.description;
  // when the lines differ, each says how its unit price holds VAT, under its description (the note under the total
  // then sends the reader here); written after the line's cells, so that a copied line reads as one
  const perLine = vatOfLines(invoice.lines) === 'mixed';
  tableHeader(doc, labels, invoice.currency);
  for (const line of invoice.lines) {
    const note = perLine && line.vat !== null ? lineNote(labels, line.vat) : null;
    const height = textHeight(doc, line.description, BODY, width) + (note === null ? 0 : textHeight(doc, note, LINE_NOTE, width) + 1);
    if (doc.y + height > pageBottom) {
      doc.addPage();
      tableHeader(doc, labels, invoice.currency);
    }
    const y = doc.y;
    const description = cell(doc, 'description', line.description, y, BODY);
    let bottom = Math.max(
      description,
      cell(doc, 'quantity', String(line.quantity), y, BODY),
      cell(doc, 'unitPrice', line.unitPrice, y, BODY),
      cell(doc, 'vat', line.vatPercentage === null ? '' : `${line.vatPercentage} %`, y, BODY),
      cell(doc, 'total', line.total, y, BODY),
    );
    if (note !== null) bottom = Math.max(bottom, cell(doc, 'description', note, description + 1, LINE_NOTE));
    doc.y = bottom + 6;
  }
  rule(doc, doc.y);
  doc.y += 10;
}

function totals(doc: PDFKit.PDFDocument, labels: DocumentLabels, invoice: InvoiceDocument): void {
  const rows = invoice.subtotals.length + 2;
  if (doc.y + rows * 16 > doc.page.height - A4_MARGIN - FOOTER_SPACE) doc.addPage();
  const label = { x: A4_MARGIN + COLUMNS.quantity.x, width: COLUMNS.vat.x + COLUMNS.vat.width - COLUMNS.quantity.x };
  for (const subtotal of invoice.subtotals) {
    const y = doc.y;
    writeText(doc, subtotal.label, BODY, { x: label.x, y }, { width: label.width, align: 'right' });
    doc.y = Math.max(doc.y, cell(doc, 'total', subtotal.amount, y, BODY)) + 2;
  }
  const y = doc.y + 4;
  writeText(doc, `${labels.total} ${invoice.currency}`, { size: 12, weight: 'bold' }, { x: label.x, y }, { width: label.width, align: 'right' });
  doc.y = Math.max(doc.y, cell(doc, 'total', invoice.total, y, { size: 12, weight: 'bold' }));
  const note = totalNote(labels, vatOfLines(invoice.lines));
  if (note !== null) writeText(doc, note, { size: 9, color: MUTED }, { x: A4_MARGIN, y: doc.y + 4 }, { width: doc.page.width - 2 * A4_MARGIN, align: 'right' });
  doc.y += 24;
}

function totalNote(labels: DocumentLabels, vat: ReturnType<typeof vatOfLines>): string | null {
  switch (vat) {
    case 'included':
      return labels.vatIncluded;
    case 'excluded':
      return labels.vatExcluded;
    case 'none':
      return labels.noVat;
    case 'mixed':
      return labels.vatPerLine;
    case null:
      return null;
  }
}

function payment(doc: PDFKit.PDFDocument, labels: DocumentLabels, invoice: InvoiceDocument): void {
  const width = doc.page.width - 2 * A4_MARGIN;
  if (doc.y + 40 > doc.page.height - A4_MARGIN - FOOTER_SPACE) doc.addPage();
  writeText(doc, `${labels.paymentMethod}: ${invoice.payment.method}`, BODY, { x: A4_MARGIN, y: doc.y }, { width });
  const status = invoice.payment.paidOn ? `${labels.paid}: ${invoice.payment.paidOn}` : labels.awaitingPayment;
  writeText(doc, status, { size: 10, weight: 'bold' }, { x: A4_MARGIN, y: doc.y + 2 }, { width });
}

/** `Seller — Page 1 of 2` at the foot of every page (pages are buffered until now). */
function footers(doc: PDFKit.PDFDocument, labels: DocumentLabels, seller: string): void {
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index++) {
    doc.switchToPage(index);
    // below the bottom margin pdfkit would open a new page: lift it while the footer is written
    const margin = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const text = `${seller} — ${interpolate(labels.page, [index - start + 1, count])}`;
    writeText(doc, text, { size: 8, color: MUTED }, { x: A4_MARGIN, y: doc.page.height - A4_MARGIN + 10 }, { width: doc.page.width - 2 * A4_MARGIN, align: 'center' });
    doc.page.margins.bottom = margin;
  }
}
