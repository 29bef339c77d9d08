import PDFDocument from 'pdfkit';
import { fontRuns, registerFonts, type FontWeight } from './fonts.js';

export const A4_MARGIN = 50;
export const INK = '#1f2328';
export const MUTED = '#59636e';
export const RULE = '#d1d9e0';

export interface PdfMetadata {
  readonly title: string;
  readonly author: string;
  readonly language: string;
  /** The document's CreationDate; without it pdfkit stamps the time of rendering. */
  readonly createdAt?: Date | undefined;
  /** Keeps every page open until the end (for "page x of y" footers). */
  readonly bufferPages?: boolean;
}

/** An A4 document with the documents' fonts registered, and the bytes it will have once `doc.end()` is called. */
export function startPdf(meta: PdfMetadata): { doc: PDFKit.PDFDocument; bytes: Promise<Buffer> } {
  const doc = new PDFDocument({
    size: 'A4',
    margin: A4_MARGIN,
    // no default font: pdfkit would parse Helvetica's metrics for every document, and each text here sets its font
    font: '',
    lang: meta.language,
    displayTitle: true,
    bufferPages: meta.bufferPages ?? false,
    info: { Title: meta.title, Author: meta.author, Creator: 'ticketing-storefront', ...(meta.createdAt ? { CreationDate: meta.createdAt } : {}) },
  });
  registerFonts(doc);
  const chunks: Buffer[] = [];
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}

export interface TextStyle {
  readonly size: number;
  readonly weight?: FontWeight;
  readonly color?: string;
}

/**
 * Writes `text` at (x, y), or where the last text ended, in as many font runs as its scripts need (see fonts.ts),
 * pdfkit's `continued` keeping the runs on one flowing line. Empty text writes nothing.
 */
export function writeText(
  doc: PDFKit.PDFDocument,
  text: string,
  style: TextStyle,
  at?: { readonly x: number; readonly y: number },
  options: PDFKit.Mixins.TextOptions = {},
): void {
  const runs = fontRuns(text, style.weight ?? 'regular');
  doc.fontSize(style.size).fillColor(style.color ?? INK);
  runs.forEach((run, index) => {
    doc.font(run.font);
    const runOptions = { ...options, continued: index < runs.length - 1 };
    if (index === 0 && at) doc.text(run.text, at.x, at.y, runOptions);
    else doc.text(run.text, runOptions);
  });
}

/** The height `text` takes in a column of `width` (measured in the Latin face: the subsets share metrics). */
export function textHeight(doc: PDFKit.PDFDocument, text: string, style: TextStyle, width: number): number {
  const [first] = fontRuns('a', style.weight ?? 'regular');
  if (!first || text === '') return 0;
  return doc.font(first.font).fontSize(style.size).heightOfString(text, { width });
}

/** A horizontal rule across the page's text width at `y`. */
export function rule(doc: PDFKit.PDFDocument, y: number): void {
  doc.save().moveTo(A4_MARGIN, y).lineTo(doc.page.width - A4_MARGIN, y).lineWidth(0.75).strokeColor(RULE).stroke().restore();
}
