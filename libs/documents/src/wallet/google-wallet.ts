import { importPKCS8, SignJWT } from 'jose';

export interface GoogleWalletAccount {
  /** the Google Wallet issuer id (digits) */
  readonly issuerId: string;
  readonly serviceAccountEmail: string;
  /** the service account's key, PKCS#8 PEM (`private_key` of its JSON key file) */
  readonly privateKeyPem: string;
  /** the web origins that may show the save button */
  readonly origins: readonly string[];
}

export interface GoogleWalletTicket {
  /** with the issuer id, the ids of the pass object and of its class: letters, digits, `.`, `_`, `-` */
  readonly objectSuffix: string;
  readonly classSuffix: string;
  readonly eventTitle: string;
  readonly organizerName: string;
  /** ISO 8601 with an offset */
  readonly start: string;
  readonly end: string;
  readonly location: string | null;
  readonly holderName: string;
  readonly categoryName: string;
  readonly reference: string;
  readonly qrText: string;
  /** BCP 47, the language of the texts above */
  readonly language: string;
  /** the JWT's `iat`; without it jose takes the time of signing */
  readonly issuedAt?: Date;
}

const SAVE_URL = 'https://pay.google.com/gp/v/save/';
const SUFFIX = /^[\w.-]+$/;

const localized = (language: string, value: string) => ({ defaultValue: { language, value } });

/** `Hallenstadion, Wallisellenstrasse 45, 8050 Zürich`: the venue's name before the first comma, its address after. */
function venue(language: string, location: string) {
  const comma = location.indexOf(',');
  const name = comma < 0 ? location : location.slice(0, comma).trim();
  const address = comma < 0 ? '' : location.slice(comma + 1).trim();
  return { name: localized(language, name), ...(address ? { address: localized(language, address) } : {}) };
}

/** The `payload` of a save-to-wallet JWT: the event's class and the ticket's object (Google Wallet REST v1). */
export function googleWalletPayload(ticket: GoogleWalletTicket, issuerId: string) {
  for (const suffix of [ticket.classSuffix, ticket.objectSuffix]) {
    if (!SUFFIX.test(suffix)) throw new Error(`googleWalletSaveUrl: ${JSON.stringify(suffix)} may hold only letters, digits, '.', '_' and '-'`);
  }
  const classId = `${issuerId}.${ticket.classSuffix}`;
  const { language } = ticket;
  return {
    eventTicketClasses: [
      {
        id: classId,
        issuerName: ticket.organizerName,
        reviewStatus: 'UNDER_REVIEW',
        eventName: localized(language, ticket.eventTitle),
        ...(ticket.location ? { venue: venue(language, ticket.location) } : {}),
        dateTime: { start: ticket.start, end: ticket.end },
      },
    ],
    eventTicketObjects: [
      {
        id: `${issuerId}.${ticket.objectSuffix}`,
        classId,
        state: 'ACTIVE',
        ticketHolderName: ticket.holderName,
        ticketNumber: ticket.reference,
        ticketType: localized(language, ticket.categoryName),
        reservationInfo: { confirmationCode: ticket.reference },
        barcode: { type: 'QR_CODE', value: ticket.qrText, alternateText: ticket.reference },
      },
    ],
  };
}

/**
 * The "Add to Google Wallet" link of a ticket: https://pay.google.com/gp/v/save/<JWT>, the JWT signed (RS256) with
 * the service account's key, carrying the class and the object, so nothing has to be created through the REST API
 * first.
 */
export async function googleWalletSaveUrl(ticket: GoogleWalletTicket, account: GoogleWalletAccount): Promise<string> {
  const key = await importPKCS8(account.privateKeyPem, 'RS256');
  const jwt = new SignJWT({ typ: 'savetowallet', origins: [...account.origins], payload: googleWalletPayload(ticket, account.issuerId) })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(account.serviceAccountEmail)
    .setAudience('google');
  return SAVE_URL + (await (ticket.issuedAt ? jwt.setIssuedAt(ticket.issuedAt) : jwt.setIssuedAt()).sign(key));
}
