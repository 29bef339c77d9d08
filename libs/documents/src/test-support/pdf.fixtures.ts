import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import jsQR from 'jsqr';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

const require = createRequire(import.meta.url);
const standardFontDataUrl = join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts') + '/';

async function open(pdf: Buffer): Promise<PDFDocumentProxy> {
  return getDocument({ data: new Uint8Array(pdf), standardFontDataUrl, useSystemFonts: false, verbosity: 0 }).promise;
}

/** The text of every page as pdf.js extracts it (a reader's copy and paste), line ends kept. */
export async function pdfPages(pdf: Buffer): Promise<string[]> {
  const document = await open(pdf);
  const pages: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''));
  }
  await document.destroy();
  return pages;
}

/** All pages' text with line ends and runs of spaces folded to one space. */
export async function pdfText(pdf: Buffer): Promise<string> {
  return (await pdfPages(pdf)).join('\n').replace(/\s+/g, ' ');
}

export interface PdfImage {
  readonly page: number;
  readonly width: number;
  readonly height: number;
  /** RGBA, as jsQR reads it */
  readonly rgba: Uint8ClampedArray;
}

const GRAYSCALE_1BPP = 1;
const RGB_24BPP = 2;

function toRgba(image: { width: number; height: number; kind: number; data: Uint8Array | Uint8ClampedArray }): Uint8ClampedArray {
  const pixels = image.width * image.height;
  if (image.kind !== RGB_24BPP) {
    if (image.kind === GRAYSCALE_1BPP) throw new Error('1 bpp images are not expected from these documents');
    return new Uint8ClampedArray(image.data);
  }
  const rgba = new Uint8ClampedArray(pixels * 4);
  for (let p = 0; p < pixels; p++) {
    rgba.set(image.data.subarray(p * 3, p * 3 + 3), p * 4);
    rgba[p * 4 + 3] = 255;
  }
  return rgba;
}

async function imageObject(page: PDFPageProxy, id: string): Promise<{ width: number; height: number; kind: number; data: Uint8Array }> {
  return new Promise((resolve) => page.objs.get(id, resolve));
}

/** The image XObjects painted on each page, decoded by pdf.js. */
export async function pdfImages(pdf: Buffer): Promise<PdfImage[]> {
  const document = await open(pdf);
  const images: PdfImage[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const page = await document.getPage(number);
    const operators = await page.getOperatorList();
    for (let i = 0; i < operators.fnArray.length; i++) {
      if (operators.fnArray[i] !== OPS.paintImageXObject) continue;
      const image = await imageObject(page, (operators.argsArray[i] as [string])[0]);
      images.push({ page: number, width: image.width, height: image.height, rgba: toRgba(image) });
    }
  }
  await document.destroy();
  return images;
}

/** The text of the QR code in an RGBA image, or null when jsQR finds none. */
export function decodeQr(image: { width: number; height: number; rgba: Uint8ClampedArray }): string | null {
  return jsQR(image.rgba, image.width, image.height)?.data ?? null;
}
