// What specs of other projects read documents with: PDF text and images, QR codes, zip archives, test pass certificates.
export { pdfPages, pdfText, pdfImages, decodeQr, type PdfImage } from './pdf.fixtures.js';
export { readZip } from './zip.fixtures.js';
export { makeTestPassPki, checkDetachedSignature, type TestPassPki, type SignatureCheck } from './pass-certificates.fixtures.js';
