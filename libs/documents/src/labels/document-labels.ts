import { bundles, interpolate, supportedLanguages, type MessageKey, type SupportedLanguage } from '@ticketing/i18n';

/** The captions the ticket and invoice documents print, in one language. */
export interface DocumentLabels {
  // ticket
  readonly ticket: string;
  readonly eventInformation: string;
  readonly dateTime: string;
  readonly timeZone: string;
  readonly location: string;
  readonly online: string;
  readonly organizer: string;
  readonly holder: string;
  readonly email: string;
  readonly category: string;
  readonly reference: string;
  readonly ticketId: string;
  readonly additionalServices: string;
  /** The notice on a ticket whose price is paid at the desk. */
  readonly payAtDesk: string;
  readonly amountDue: string;
  // invoice and receipt
  readonly invoice: string;
  readonly receipt: string;
  readonly invoiceNumber: string;
  readonly date: string;
  readonly seller: string;
  readonly buyer: string;
  readonly vatNumber: string;
  readonly description: string;
  readonly quantity: string;
  readonly unitPrice: string;
  readonly vat: string;
  readonly subtotal: string;
  readonly total: string;
  readonly totalVat: string;
  /** The note under the total when every line holds VAT alike: inside the prices, on top of them, or none charged. */
  readonly vatIncluded: string;
  readonly vatExcluded: string;
  readonly noVat: string;
  /** The note under the total when the lines differ, each line then saying its own (below). */
  readonly vatPerLine: string;
  readonly lineVatIncluded: string;
  readonly lineVatExcluded: string;
  readonly paid: string;
  readonly awaitingPayment: string;
  readonly paymentMethod: string;
  /** `Page {{0}} of {{1}}` */
  readonly page: string;
}

type Label = keyof DocumentLabels;

/**
 * Captions the message bundles already hold (alf.io's keys), cleaned of the trailing colon some carry. `vatNumber`
 * is `invoice.vat` ("{{0}} no.:") filled with the language's name of the tax.
 */
const FROM_BUNDLES: Partial<Record<Label, MessageKey>> = {
  ticket: 'ticket.ticket',
  eventInformation: 'ticket.event-info',
  dateTime: 'ticket.date-time',
  location: 'ticket.location',
  organizer: 'ticket.organized-by',
  holder: 'ticket.holder',
  email: 'common.email',
  category: 'common.category',
  reference: 'ticket.reference-number',
  additionalServices: 'ticket.additional-services',
  payAtDesk: 'ticket.payment-required',
  invoice: 'invoice.invoice',
  receipt: 'receipt.receipt',
  invoiceNumber: 'invoice.number',
  date: 'common.date',
  buyer: 'invoice.buyer',
  vatNumber: 'invoice.vat',
  quantity: 'common.quantity',
  vat: 'common.vat',
  subtotal: 'common.subtotal',
  total: 'common.total',
};

/** Captions the bundles lack, in the bundles' languages and Dutch (complete for Dutch, which has no bundle). */
const OWN: Readonly<Record<string, Partial<Record<Label, string>>>> = {
  en: {
    timeZone: 'Time zone', online: 'Online event', ticketId: 'Ticket ID', amountDue: 'Amount due', seller: 'Seller',
    description: 'Description', unitPrice: 'Unit price', totalVat: 'Total VAT', vatIncluded: 'Prices include VAT',
    vatExcluded: 'Prices exclude VAT', noVat: 'No VAT', vatPerLine: 'VAT as stated on each line', lineVatIncluded: 'Price includes VAT',
    lineVatExcluded: 'Price excludes VAT', paid: 'Paid', awaitingPayment: 'Awaiting payment', paymentMethod: 'Payment method',
    page: 'Page {{0}} of {{1}}',
  },
  de: {
    timeZone: 'Zeitzone', online: 'Online-Veranstaltung', ticketId: 'Ticket-ID', amountDue: 'Fälliger Betrag',
    seller: 'Verkäufer', description: 'Beschreibung', unitPrice: 'Einzelpreis', totalVat: 'MwSt. gesamt',
    vatIncluded: 'Preise inklusive MwSt.', vatExcluded: 'Preise exklusive MwSt.', noVat: 'Ohne MwSt.',
    vatPerLine: 'MwSt. wie bei jeder Position angegeben', lineVatIncluded: 'Preis inklusive MwSt.', lineVatExcluded: 'Preis exklusive MwSt.', paid: 'Bezahlt',
    awaitingPayment: 'Zahlung ausstehend', paymentMethod: 'Zahlungsart', page: 'Seite {{0}} von {{1}}',
  },
  fr: {
    timeZone: 'Fuseau horaire', online: 'Événement en ligne', ticketId: 'ID du billet', amountDue: 'Montant dû',
    seller: 'Vendeur', description: 'Description', unitPrice: 'Prix unitaire', totalVat: 'Total TVA',
    vatIncluded: 'Prix TVA incluse', vatExcluded: 'Prix hors TVA', noVat: 'Sans TVA', vatPerLine: 'TVA indiquée sur chaque ligne',
    lineVatIncluded: 'Prix TVA incluse', lineVatExcluded: 'Prix hors TVA', paid: 'Payé', awaitingPayment: 'En attente de paiement',
    paymentMethod: 'Moyen de paiement', page: 'Page {{0}} sur {{1}}',
  },
  it: {
    timeZone: 'Fuso orario', online: 'Evento online', ticketId: 'ID biglietto', amountDue: 'Importo dovuto',
    seller: 'Venditore', description: 'Descrizione', unitPrice: 'Prezzo unitario', totalVat: 'Totale IVA',
    vatIncluded: 'Prezzi IVA inclusa', vatExcluded: 'Prezzi IVA esclusa', noVat: 'Senza IVA', vatPerLine: 'IVA come indicato su ogni riga',
    lineVatIncluded: 'Prezzo IVA inclusa', lineVatExcluded: 'Prezzo IVA esclusa', paid: 'Pagato', awaitingPayment: 'In attesa di pagamento',
    paymentMethod: 'Metodo di pagamento', page: 'Pagina {{0}} di {{1}}',
  },
  nl: {
    ticket: 'Ticket', eventInformation: 'Evenementinformatie', dateTime: 'Datum en tijd', timeZone: 'Tijdzone',
    location: 'Locatie', online: 'Online evenement', organizer: 'Organisator', holder: 'Houder', email: 'E-mail',
    category: 'Categorie', reference: 'Referentienummer', ticketId: 'Ticket-ID', additionalServices: 'Extra opties',
    payAtDesk: 'Dit ticket is nog niet betaald: u betaalt het verschuldigde bedrag bij aankomst.', amountDue: 'Verschuldigd bedrag',
    invoice: 'Factuur', receipt: 'Ontvangstbewijs', invoiceNumber: 'Factuurnummer', date: 'Datum', seller: 'Verkoper',
    buyer: 'Koper', vatNumber: 'Btw-nummer', description: 'Omschrijving', quantity: 'Aantal', unitPrice: 'Stukprijs',
    vat: 'Btw', subtotal: 'Subtotaal', total: 'Totaal', totalVat: 'Totaal btw', vatIncluded: 'Prijzen inclusief btw',
    vatExcluded: 'Prijzen exclusief btw', noVat: 'Zonder btw', vatPerLine: 'Btw zoals vermeld op elke regel', lineVatIncluded: 'Prijs inclusief btw',
    lineVatExcluded: 'Prijs exclusief btw', paid: 'Betaald', awaitingPayment: 'Betaling in afwachting', paymentMethod: 'Betaalmethode',
    page: 'Pagina {{0}} van {{1}}',
  },
};

const LABELS = Object.keys(OWN['en'] ?? {}).concat(Object.keys(FROM_BUNDLES)) as Label[];

/** `Invoice number:` -> `Invoice number` (French puts a no-break space before the colon). */
const caption = (message: string): string => message.replace(/[\s\u00a0]*:$/, '');

function fromBundle(language: SupportedLanguage, label: Label): string | undefined {
  const key = FROM_BUNDLES[label];
  const bundle = bundles[language];
  const message = key === undefined ? undefined : bundle[key];
  if (message === undefined) return undefined;
  return caption(label === 'vatNumber' ? interpolate(message, { 0: bundle['common.vat'] ?? 'VAT' }) : message);
}

const isBundled = (code: string): code is SupportedLanguage => (supportedLanguages as readonly string[]).includes(code);

const cache = new Map<string, DocumentLabels>();

/**
 * The captions in `language` (`de`, `de-CH`, `fr_BE` ...): the message bundles' where they have the key, else this
 * library's own table (English, German, French, Italian, Dutch), else English.
 */
export function documentLabels(language: string): DocumentLabels {
  const primary = language.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  // any other language reads English: at most five entries in the cache
  const code = isBundled(primary) || Object.hasOwn(OWN, primary) ? primary : 'en';
  const known = cache.get(code);
  if (known) return known;
  const own = OWN[code] ?? {};
  const english = OWN['en'] ?? {};
  const entries = LABELS.map((label) => {
    const text = (isBundled(code) ? fromBundle(code, label) : undefined) ?? own[label] ?? fromBundle('en', label) ?? english[label];
    if (text === undefined) throw new Error(`documents: no caption for ${label}`);
    return [label, text] as const;
  });
  const labels = Object.freeze(Object.fromEntries(entries)) as unknown as DocumentLabels;
  cache.set(code, labels);
  return labels;
}
