// Documents of an order, rendered from plain data: the ticket PDF and its QR code, invoice and receipt PDFs, Apple
// and Google wallet passes. No framework, no storage; texts and dates come in formatted, in the buyer's language.
// Instants come in too (`createdAt`, `issuedAt`); left out, pdfkit and jose stamp the time of rendering, and the
// signature of an Apple pass always carries its signing time (node-forge, inside passkit-generator).

export { documentLabels, type DocumentLabels } from './labels/document-labels.js';
export { renderTicketPdf, type TicketDocument } from './ticket/render-ticket-pdf.js';
export { ticketCodePng } from './ticket/ticket-code-png.js';
export { renderInvoicePdf, type InvoiceDocument, type LineVat } from './invoice/render-invoice-pdf.js';
export { applePass, type PassInput, type PassSigning, type PassImage } from './wallet/apple-pass.js';
export { googleWalletSaveUrl, googleWalletPayload, type GoogleWalletAccount, type GoogleWalletTicket } from './wallet/google-wallet.js';
