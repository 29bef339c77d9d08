import { CatalogOffers } from '@ticketing/catalog/contracts';
import { zonedInstant } from '@ticketing/kernel';

export interface RoomSettings {
  readonly opensAt: Date;
  readonly admissionsPerMinute: number;
  readonly tokenValidityMinutes: number;
}

interface Cached {
  readonly settings: RoomSettings | null;
  readonly until: number;
}

/** How long the catalog's answer is kept: a changed waiting room applies within this time. */
const TTL_MS = 2_000;

/**
 * The event's waiting room as the catalog publishes it, kept for a moment per event: reserve-tickets asks on every
 * call and the status on every poll, and the catalog's purchase offer is far more than they need.
 */
export class WaitingRoomSettings {
  private readonly cache = new Map<string, Cached>();
  private readonly loading = new Map<string, Promise<RoomSettings | null>>();

  constructor(
    private readonly catalog: CatalogOffers,
    private readonly now: () => Date,
  ) {}

  /** Null when the event has no waiting room (or is not on sale at all). */
  of(eventShortName: string): Promise<RoomSettings | null> | RoomSettings | null {
    const cached = this.cache.get(eventShortName);
    if (cached && cached.until > Date.now()) return cached.settings;
    let load = this.loading.get(eventShortName);
    if (!load) {
      load = this.load(eventShortName).finally(() => this.loading.delete(eventShortName));
      this.loading.set(eventShortName, load);
    }
    return load;
  }

  private async load(eventShortName: string): Promise<RoomSettings | null> {
    const offer = await this.catalog.purchaseOffer(eventShortName, null, this.now());
    const room = offer?.event.waitingRoom ?? null;
    const settings = room
      ? { opensAt: zonedInstant(room.opensAt, offer!.event.timeZone), admissionsPerMinute: room.admissionsPerMinute, tokenValidityMinutes: room.tokenValidityMinutes }
      : null;
    // a bounded cache: the keys are whatever a caller typed into a URL
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(eventShortName, { settings, until: Date.now() + TTL_MS });
    return settings;
  }
}
