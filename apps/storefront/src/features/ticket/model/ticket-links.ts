import { getDownloadTicketUrl, getGetTicketCodeUrl } from '@ticketing/api-client';

const part = encodeURIComponent;

/** The ticket's PDF (reference 37): an attachment named ticket-<uuid>.pdf. */
export const ticketPdfHref = (eventShortName: string, ticketId: string): string => getDownloadTicketUrl(part(eventShortName), part(ticketId));

/** The QR code of the ticket's code, as a PNG (reference 38). */
export const ticketCodeHref = (eventShortName: string, ticketId: string): string => getGetTicketCodeUrl(part(eventShortName), part(ticketId));

/**
 * The wallet passes the app info offers (spec 7 links; reference 60): an Apple Wallet .pkpass when `passEnabled`,
 * a Google Wallet save link (the server answers with a redirect to Google) when `gWalletEnabled`.
 */
export interface WalletLinks {
  readonly apple: string | null;
  readonly google: string | null;
}

export function walletLinksOf(config: { readonly passEnabled: boolean; readonly gWalletEnabled: boolean } | undefined, eventShortName: string, ticketId: string): WalletLinks {
  const path = `event/${part(eventShortName)}/v1/version/passes/${part(ticketId)}`;
  return {
    apple: config?.passEnabled ? `/api/pass/${path}` : null,
    google: config?.gWalletEnabled ? `/api/wallet/${path}` : null,
  };
}

/** The link of an online ticket's e-mail (reference 58): the server checks it in and sends it on to the join link. */
export const checkInHref = (eventShortName: string, ticketId: string, checkInCode: string): string =>
  `/event/${part(eventShortName)}/ticket/${part(ticketId)}/check-in/${part(checkInCode)}`;
