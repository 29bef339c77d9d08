import { PassType, PKPass } from 'passkit-generator';
import { documentLabels } from '../labels/document-labels.js';
import { passIcons } from './pass-icons.js';

export interface PassInput {
  readonly serialNumber: string;
  readonly description: string;
  readonly organizerName: string;
  readonly eventTitle: string;
  /** ISO 8601 */
  readonly relevantDate: string;
  readonly location: string | null;
  readonly holderName: string;
  readonly categoryName: string;
  readonly reference: string;
  readonly qrText: string;
  /** `#rrggbb`, `#rgb` or `rgb(r, g, b)`; the text turns black or white to stay readable */
  readonly backgroundColor?: string;
  /** with `webServiceURL`, lets Wallet ask for updates (at least 16 characters) */
  readonly authenticationToken?: string;
  readonly webServiceURL?: string;
  /** the language of the field labels (default English) */
  readonly language?: string;
  /** PNG images replacing the default icon or adding a logo (`logo.png`, `logo@2x.png` ...) */
  readonly images?: Readonly<Partial<Record<PassImage, Buffer>>>;
}

export type PassImage = 'icon.png' | 'icon@2x.png' | 'icon@3x.png' | 'logo.png' | 'logo@2x.png' | 'logo@3x.png';

export interface PassSigning {
  readonly passTypeIdentifier: string;
  readonly teamIdentifier: string;
  /** Apple's WWDR intermediate certificate */
  readonly wwdrPem: string;
  readonly signerCertPem: string;
  readonly signerKeyPem: string;
  readonly signerKeyPassphrase?: string;
}

const DEFAULT_BACKGROUND = 'rgb(31, 35, 40)';

/** `#1a73e8`, `#fff` or `rgb(26, 115, 232)` as Wallet's `rgb(r, g, b)`. */
export function passColor(color: string): { rgb: string; light: boolean } {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim())?.[1];
  const functional = /^rgb\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*\)$/i.exec(color.trim());
  let channels: number[];
  if (hex) channels = (hex.length === 3 ? [...hex].map((c) => c + c) : (hex.match(/../g) ?? [])).map((pair) => parseInt(pair, 16));
  else if (functional) channels = functional.slice(1).map(Number);
  else throw new Error(`applePass: backgroundColor ${JSON.stringify(color)} is neither #rrggbb nor rgb(r, g, b)`);
  if (channels.some((channel) => channel > 255)) throw new Error(`applePass: backgroundColor ${JSON.stringify(color)} is out of range`);
  const [r = 0, g = 0, b = 0] = channels;
  // relative luminance (sRGB weights, without the gamma curve: enough to pick black or white text)
  return { rgb: `rgb(${r}, ${g}, ${b})`, light: (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255 > 0.55 };
}

/** A signed Apple Wallet event ticket (`.pkpass`, a zip archive) carrying the ticket's QR code. */
export async function applePass(input: PassInput, signing: PassSigning): Promise<Buffer> {
  if ((input.authenticationToken === undefined) !== (input.webServiceURL === undefined)) {
    throw new Error('applePass: authenticationToken and webServiceURL go together');
  }
  const labels = documentLabels(input.language ?? 'en');
  const background = passColor(input.backgroundColor ?? DEFAULT_BACKGROUND);
  const text = background.light ? 'rgb(0, 0, 0)' : 'rgb(255, 255, 255)';
  const images: Record<string, Buffer> = Object.fromEntries(Object.entries(passIcons).map(([name, base64]) => [name, Buffer.from(base64, 'base64')]));
  for (const [name, image] of Object.entries(input.images ?? {})) if (image) images[name] = image;

  const pass = new PKPass(
    images,
    { wwdr: signing.wwdrPem, signerCert: signing.signerCertPem, signerKey: signing.signerKeyPem, signerKeyPassphrase: signing.signerKeyPassphrase },
    {
      formatVersion: 1,
      passTypeIdentifier: signing.passTypeIdentifier,
      teamIdentifier: signing.teamIdentifier,
      serialNumber: input.serialNumber,
      description: input.description,
      organizationName: input.organizerName,
      logoText: input.organizerName,
      backgroundColor: background.rgb,
      foregroundColor: text,
      labelColor: text,
      ...(input.authenticationToken !== undefined && input.webServiceURL !== undefined
        ? { authenticationToken: input.authenticationToken, webServiceURL: input.webServiceURL }
        : {}),
    },
  );
  const ticket = new PassType('eventTicket');
  ticket.headerFields.push({ key: 'date', label: labels.date, value: input.relevantDate, dateStyle: 'PKDateStyleMedium', timeStyle: 'PKDateStyleShort' });
  ticket.primaryFields.push({ key: 'event', label: labels.ticket, value: input.eventTitle });
  ticket.secondaryFields.push(
    { key: 'holder', label: labels.holder, value: input.holderName },
    { key: 'category', label: labels.category, value: input.categoryName },
  );
  if (input.location) ticket.auxiliaryFields.push({ key: 'location', label: labels.location, value: input.location });
  ticket.auxiliaryFields.push({ key: 'reference', label: labels.reference, value: input.reference });
  ticket.backFields.push(
    { key: 'organizer', label: labels.organizer, value: input.organizerName },
    { key: 'description', label: labels.eventInformation, value: input.description },
  );
  pass.types.push(ticket);
  // relevantDate for iOS before 18, relevantDates from 18 on
  pass.setRelevantDate(new Date(input.relevantDate));
  pass.setRelevantDates([{ relevantDate: input.relevantDate }]);
  pass.setBarcodes({ format: 'PKBarcodeFormatQR', message: input.qrText, messageEncoding: 'iso-8859-1', altText: input.reference });
  return pass.getAsBuffer();
}
