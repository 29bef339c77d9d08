/**
 * Rendering time of the after-purchase documents (libs/documents), one after the other on one thread, as a server
 * request would render them: the ticket PDF, the invoice PDF, code.png, the signed Apple Wallet pass and the Google
 * Wallet link. Run: `npx tsx bench/documents/render-documents.ts` (or `npm run bench:documents`); BENCH_ITERATIONS
 * (default 200) sets the measured renders per document, after BENCH_WARMUP (default 20) unmeasured ones, the first
 * of which is reported apart (a process's first document pays for reading the fonts).
 */
import { cpus } from 'node:os';
import { exportPKCS8, generateKeyPair } from 'jose';
import forge from 'node-forge';
import {
  applePass, googleWalletSaveUrl, renderInvoicePdf, renderTicketPdf, ticketCodePng,
  type GoogleWalletTicket, type InvoiceDocument, type PassInput, type PassSigning, type TicketDocument,
} from '@ticketing/documents';

const ITERATIONS = Number(process.env['BENCH_ITERATIONS'] ?? 200);
const WARMUP = Number(process.env['BENCH_WARMUP'] ?? 20);

const ticket: TicketDocument = {
  language: 'de',
  event: {
    title: 'Winterfestival Zürich 2027 – Große Bühne', organizerName: 'Kulturverein Zürich',
    location: 'Hallenstadion, Wallisellenstrasse 45, 8050 Zürich', online: false,
    formattedBegin: 'Sa. 16. Jan. 2027 19:30', formattedEnd: 'So. 17. Jan. 2027 01:00', timeZone: 'Europe/Zurich',
  },
  holder: { fullName: 'Jürgen Straßer', email: 'juergen@example.ch' },
  categoryName: 'Stehplatz Parterre',
  reference: 'A1B2C3D4',
  ticketId: '3f2c1a9e-7d4b-4c1e-9a7f-0b1c2d3e4f50',
  qrText: '3f2c1a9e-7d4b-4c1e-9a7f-0b1c2d3e4f50/2f6e0f5c9a0b4d8e91c3a7d5',
  additionalServices: [{ title: 'Parkplatz', fields: [{ label: 'Kennzeichen', value: 'ZH 123 456' }] }],
  deskPaymentRequired: true,
  amountDue: 'CHF 20.00',
};

const invoice: InvoiceDocument = {
  kind: 'invoice', language: 'de', number: '2027-000042', issuedOn: '16.01.2027', reference: 'A1B2C3D4',
  seller: { name: 'Kulturverein Zürich', address: 'Limmatquai 1\n8001 Zürich', vatNumber: 'CHE-123.456.789 MWST', email: 'kasse@kulturverein.ch' },
  buyer: { name: 'Jürgen Straßer', companyName: 'Straßer & Söhne AG', addressLines: ['Bahnhofstrasse 12', '3000 Bern'], vatNumber: 'CHE-987.654.321', email: 'buchhaltung@strasser.ch' },
  lines: [
    { description: 'Stehplatz Parterre', quantity: 4, unitPrice: '40.00', vatPercentage: '8.1', total: '160.00', vat: 'included' },
    { description: 'Parkplatz', quantity: 1, unitPrice: '20.00', vatPercentage: '8.1', total: '20.00', vat: 'included' },
  ],
  subtotals: [{ label: 'Netto', amount: '166.51' }, { label: 'MwSt. 8.1 %', amount: '13.49' }],
  total: '180.00', currency: 'CHF', payment: { method: 'Kreditkarte', paidOn: '16.01.2027' },
};

const pass: PassInput = {
  serialNumber: ticket.ticketId, description: 'Ticket', organizerName: 'Kulturverein Zürich', eventTitle: ticket.event.title,
  relevantDate: '2027-01-16T18:30:00.000Z', location: ticket.event.location, holderName: ticket.holder.fullName,
  categoryName: ticket.categoryName, reference: ticket.reference, qrText: ticket.qrText, language: 'de',
};

const googleTicket: GoogleWalletTicket = {
  objectSuffix: `ticket-${ticket.ticketId}`, classSuffix: 'event-winterfestival-2027', eventTitle: ticket.event.title,
  organizerName: 'Kulturverein Zürich', start: '2027-01-16T19:30:00+01:00', end: '2027-01-17T01:00:00+01:00',
  location: ticket.event.location, holderName: ticket.holder.fullName, categoryName: ticket.categoryName,
  reference: ticket.reference, qrText: ticket.qrText, language: 'de',
};

/** A self-signed stand-in for Apple's WWDR authority and a pass type certificate it issued (RSA 2048). */
function benchSigning(): PassSigning {
  const { pki } = forge;
  const make = (cn: string, issuer: string, publicKey: forge.pki.PublicKey, signer: forge.pki.rsa.PrivateKey, serial: string) => {
    const cert = pki.createCertificate();
    cert.publicKey = publicKey;
    cert.serialNumber = serial;
    cert.validity.notBefore = new Date('2025-01-01T00:00:00Z');
    cert.validity.notAfter = new Date('2045-01-01T00:00:00Z');
    cert.setSubject([{ name: 'commonName', value: cn }]);
    cert.setIssuer([{ name: 'commonName', value: issuer }]);
    cert.sign(signer, forge.md.sha256.create());
    return pki.certificateToPem(cert);
  };
  const ca = pki.rsa.generateKeyPair(2048);
  const signer = pki.rsa.generateKeyPair(2048);
  return {
    passTypeIdentifier: 'pass.bench.ticketing', teamIdentifier: 'BENCH12345',
    wwdrPem: make('Bench WWDR', 'Bench WWDR', ca.publicKey, ca.privateKey, '01'),
    signerCertPem: make('Pass Type ID: pass.bench.ticketing', 'Bench WWDR', signer.publicKey, ca.privateKey, '02'),
    signerKeyPem: pki.privateKeyToPem(signer.privateKey),
  };
}

interface Row {
  readonly document: string;
  readonly bytes: number;
  /** the first render in this process: fonts read and unwrapped, modules compiled */
  readonly first: number;
  readonly median: number;
  readonly p95: number;
  readonly perSecond: number;
}

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;

async function measure(document: string, render: () => Promise<Buffer | string>): Promise<Row> {
  const cold = performance.now();
  await render();
  const first = performance.now() - cold;
  for (let i = 1; i < WARMUP; i++) await render();
  const times: number[] = [];
  let bytes = 0;
  const started = performance.now();
  for (let i = 0; i < ITERATIONS; i++) {
    const t0 = performance.now();
    const output = await render();
    times.push(performance.now() - t0);
    bytes = output.length;
  }
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  return { document, bytes, first, median: percentile(times, 50), p95: percentile(times, 95), perSecond: ITERATIONS / seconds };
}

async function main(): Promise<void> {
  const signing = benchSigning();
  const keys = await generateKeyPair('RS256', { extractable: true });
  const account = { issuerId: '3388000000012345678', serviceAccountEmail: 'bench@example.iam.gserviceaccount.com', privateKeyPem: await exportPKCS8(keys.privateKey), origins: ['https://tickets.example.org'] };

  const rows = [
    await measure('ticket PDF', () => renderTicketPdf(ticket)),
    await measure('invoice PDF', () => renderInvoicePdf(invoice)),
    await measure('code.png', () => ticketCodePng(ticket.qrText)),
    await measure('Apple Wallet pass', () => applePass(pass, signing)),
    await measure('Google Wallet link', () => googleWalletSaveUrl(googleTicket, account)),
  ];

  console.log(`${ITERATIONS} renders per document after ${WARMUP} unmeasured (the first of them timed alone); Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}`);
  console.log('');
  console.log('| document | size (bytes) | first (ms) | median (ms) | p95 (ms) | documents/s |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const row of rows) {
    console.log(`| ${row.document} | ${row.bytes.toLocaleString('en')} | ${row.first.toFixed(1)} | ${row.median.toFixed(2)} | ${row.p95.toFixed(2)} | ${row.perSecond.toFixed(0)} |`);
  }
}

await main();
