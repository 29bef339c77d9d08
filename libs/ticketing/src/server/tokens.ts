import type { GlobalPosition } from '@ticketing/event-store';
import type { Clock, IdGenerator } from '@ticketing/kernel';
import type { GoogleWalletAccount, PassSigning } from '@ticketing/documents';

/** What the composition root hands the ticketing context. */
export interface TicketingOptions {
  readonly clock: Clock;
  readonly ids: IdGenerator;
  /** The projection runner's `waitFor`: a command returns once the read models show it (read-your-writes). */
  readonly waitForProjections: (position: GlobalPosition) => Promise<void>;
  /** Base of the links in e-mails and wallet passes: PUBLIC_BASE_URL, else http://localhost:PORT. */
  readonly publicBaseUrl: string;
  /**
   * The platform's secret for ticket codes (TICKET_CODE_SECRET, else one generated and kept in the database): each
   * event's key is derived from it, and a ticket's code is signed with its event's key. Read when first needed.
   */
  readonly ticketCodeSecret: () => Promise<Buffer>;
  /** ORGANIZER_API_KEYS (`slug:key,...`): the keys of the organizers' door staff (check-in at the door). */
  readonly organizerApiKeys: string | undefined;
  /** The wallet passes offered: Apple's signing material, Google's issuer and service account (null: not offered). */
  readonly wallet: {
    readonly apple: PassSigning | null;
    readonly google: Omit<GoogleWalletAccount, 'origins'> | null;
  };
}

export const TICKETING_OPTIONS = Symbol('TICKETING_OPTIONS');
export const TICKETING_EVENT_STORE = Symbol('TICKETING_EVENT_STORE');
export const TICKETING_DB = Symbol('TICKETING_DB');
