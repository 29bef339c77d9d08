import type { GlobalPosition } from '@ticketing/event-store';
import type { Clock, IdGenerator } from '@ticketing/kernel';

/** What the composition root hands the payments context. */
export interface PaymentsOptions {
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly waitForProjections: (position: GlobalPosition) => Promise<void>;
  /** Base of the URLs the providers call back and send the buyer back to (PUBLIC_BASE_URL, else http://localhost:PORT). */
  readonly publicBaseUrl: string;
}

export const PAYMENTS_OPTIONS = Symbol('PAYMENTS_OPTIONS');
export const PAYMENTS_EVENT_STORE = Symbol('PAYMENTS_EVENT_STORE');
export const PAYMENTS_DB = Symbol('PAYMENTS_DB');
