import { documentLabels, type DocumentLabels } from '../labels/document-labels.js';
import { A4_MARGIN, MUTED, rule, startPdf, textHeight, writeText } from '../pdf/pdf-document.js';
import { qrPng } from './ticket-code-png.js';

export interface TicketDocument {
  readonly language: string;
  readonly event: {
    readonly title: string;
    readonly organizerName: string;
    readonly location: string | null;
    readonly online: boolean;
    /** formatted by the caller in `language` */
    readonly formattedBegin: string;
    readonly formattedEnd: string;
    readonly timeZone: string;
  };
  readonly holder: { readonly fullName: string; readonly email: string };
  readonly categoryName: string;
  /** the order's short id (upper case, 8 characters) */
  readonly reference: string;
  /** public uuid, printed small */
  readonly ticketId: string;
  /** what the QR code encodes: the ticket code */
  readonly qrText: string;
  readonly additionalServices: readonly { readonly title: string; readonly fields: readonly { readonly label: string; readonly value: string }[] }[];
  /** prints the "to be paid at the desk" notice, with `amountDue` when given */
  readonly deskPaymentRequired: boolean;
  /** e.g. "CHF 20.00" */
  readonly amountDue?: string | null;
  /** the PDF's creation date; without it pdfkit stamps the time of rendering */
  readonly createdAt?: Date;
}

const QR_SIZE = 160;
/** Enough for print: the PDF shows the image without interpolation, each module a sharp square. */
const QR_PIXELS_PER_MODULE = 4;
const COLUMN_GAP = 24;
const NOTICE_FILL = '#fff8c5';
const NOTICE_STROKE = '#d4a72c';

/** One A4 page (more if the additional services need them): the event, the holder, the order and the QR code. */
export async function renderTicketPdf(ticket: TicketDocument): Promise<Buffer> {
  const labels = documentLabels(ticket.language);
  const code = await qrPng(ticket.qrText, QR_PIXELS_PER_MODULE);
  const { doc, bytes } = startPdf({
    title: `${labels.ticket} ${ticket.event.title}`,
    author: ticket.event.organizerName,
    language: ticket.language,
    createdAt: ticket.createdAt,
  });
  const width = doc.page.width - 2 * A4_MARGIN;

  writeText(doc, `${labels.ticket} · ${ticket.event.organizerName}`, { size: 10, color: MUTED }, { x: A4_MARGIN, y: A4_MARGIN }, { width });
  writeText(doc, ticket.event.title, { size: 22, weight: 'bold' }, { x: A4_MARGIN, y: doc.y + 4 }, { width });
  const top = doc.y + 12;
  rule(doc, top);

  const qrX = doc.page.width - A4_MARGIN - QR_SIZE;
  doc.image(code, qrX, top + 16, { width: QR_SIZE, height: QR_SIZE });
  writeText(doc, ticket.ticketId, { size: 7, color: MUTED }, { x: qrX, y: top + 20 + QR_SIZE }, { width: QR_SIZE, align: 'center' });
  const qrBottom = doc.y;

  const column = { x: A4_MARGIN, width: qrX - A4_MARGIN - COLUMN_GAP };
  doc.y = top + 16;
  entry(doc, column, labels.holder, ticket.holder.fullName, ticket.holder.email);
  entry(doc, column, labels.category, ticket.categoryName);
  entry(doc, column, labels.reference, ticket.reference);
  entry(doc, column, labels.dateTime, `${ticket.event.formattedBegin} – ${ticket.event.formattedEnd}`, `${labels.timeZone}: ${ticket.event.timeZone}`);
  const place = [ticket.event.location, ticket.event.online ? labels.online : null].filter((part): part is string => !!part);
  if (place.length > 0) entry(doc, column, labels.location, place.join(' · '));

  doc.y = Math.max(doc.y, qrBottom) + 12;
  if (ticket.deskPaymentRequired) deskNotice(doc, labels, ticket.amountDue ?? null, width);
  if (ticket.additionalServices.length > 0) additionalServices(doc, labels, ticket.additionalServices, width);

  doc.end();
  return bytes;
}

/** A caption and its value (and a smaller second line) in the left column. */
function entry(doc: PDFKit.PDFDocument, column: { x: number; width: number }, caption: string, value: string, detail?: string): void {
  writeText(doc, caption, { size: 9, color: MUTED }, { x: column.x, y: doc.y }, { width: column.width });
  writeText(doc, value, { size: 13, weight: 'bold' }, { x: column.x, y: doc.y + 1 }, { width: column.width });
  if (detail) writeText(doc, detail, { size: 10, color: MUTED }, { x: column.x, y: doc.y + 1 }, { width: column.width });
  doc.y += 10;
}

function deskNotice(doc: PDFKit.PDFDocument, labels: DocumentLabels, amountDue: string | null, width: number): void {
  const padding = 10;
  const inner = width - 2 * padding;
  const due = amountDue ? `${labels.amountDue}: ${amountDue}` : null;
  const height = textHeight(doc, labels.payAtDesk, { size: 11 }, inner) + (due ? textHeight(doc, due, { size: 12, weight: 'bold' }, inner) + 4 : 0) + 2 * padding;
  if (doc.y + height > doc.page.height - A4_MARGIN) doc.addPage();
  const top = doc.y;
  doc.save().roundedRect(A4_MARGIN, top, width, height, 4).lineWidth(1).fillAndStroke(NOTICE_FILL, NOTICE_STROKE).restore();
  writeText(doc, labels.payAtDesk, { size: 11 }, { x: A4_MARGIN + padding, y: top + padding }, { width: inner });
  if (due) writeText(doc, due, { size: 12, weight: 'bold' }, { x: A4_MARGIN + padding, y: doc.y + 4 }, { width: inner });
  doc.y = top + height + 16;
}

function additionalServices(doc: PDFKit.PDFDocument, labels: DocumentLabels, services: TicketDocument['additionalServices'], width: number): void {
  rule(doc, doc.y);
  writeText(doc, labels.additionalServices, { size: 13, weight: 'bold' }, { x: A4_MARGIN, y: doc.y + 10 }, { width });
  for (const service of services) {
    writeText(doc, service.title, { size: 11, weight: 'bold' }, { x: A4_MARGIN, y: doc.y + 8 }, { width });
    for (const field of service.fields) {
      writeText(doc, `${field.label}: ${field.value}`, { size: 10 }, { x: A4_MARGIN + 12, y: doc.y + 2 }, { width: width - 12 });
    }
  }
}
