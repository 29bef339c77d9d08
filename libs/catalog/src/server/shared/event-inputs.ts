import type { Queryable } from '@ticketing/postgres';
import { catalogProjections } from '../read-models/catalog-projections.js';
import { loadEventSnapshot, type EventSnapshot } from './event-records.js';
import type { EventSalesFigures, SalesFigures } from '@ticketing/sales/contracts';
import { TablesVersions, VersionedCache } from '@ticketing/projections';

const CATALOG_READ_MODELS = catalogProjections.map((p) => p.name);

export interface EventInputsNow<F extends EventSalesFigures | null = EventSalesFigures> {
  readonly snapshot: EventSnapshot;
  readonly figures: F;
}

/**
 * What the event reads are computed from: the event's catalog snapshot, kept per version of the catalog
 * tables, and its sales figures. For an event seen before, both are asked for at once, so the versions of
 * both caches come from one shared read of the checkpoints (TablesVersions) instead of one after the
 * other; a name never seen costs no figures query.
 */
export class EventInputs {
  private readonly snapshots = new VersionedCache<EventSnapshot | null>();
  /** The last snapshot seen of each event, to know before loading whether a read will want figures. */
  private readonly seen = new Map<string, EventSnapshot>();
  private readonly versions: TablesVersions;

  constructor(
    private readonly db: Queryable,
    private readonly sales: SalesFigures,
    private readonly maxSeen = 1_000,
  ) {
    this.versions = TablesVersions.of(db);
  }

  /** Null for an unknown or disabled event, and for a name no event can have (PostgreSQL text holds no NUL). */
  async snapshot(shortName: string): Promise<EventSnapshot | null> {
    if (shortName.includes('\u0000')) return null;
    const version = await this.versions.version(CATALOG_READ_MODELS);
    const snapshot = await this.snapshots.get(shortName, version, () => loadEventSnapshot(this.db, shortName));
    if (snapshot && this.seen.get(shortName) !== snapshot) {
      if (this.seen.size >= this.maxSeen) this.seen.clear();
      this.seen.set(shortName, snapshot);
    }
    return snapshot;
  }

  /** The snapshot and the figures; null for an unknown or disabled event. */
  async withFigures(shortName: string): Promise<EventInputsNow | null> {
    const inputs = await this.withFiguresIf(shortName, () => true);
    return inputs && { snapshot: inputs.snapshot, figures: inputs.figures ?? (await this.sales.forEvent(shortName)) };
  }

  /** The snapshot, with the figures only when `wantsFigures` says the read needs them. */
  async withFiguresIf(shortName: string, wantsFigures: (snapshot: EventSnapshot) => boolean): Promise<EventInputsNow<EventSalesFigures | null> | null> {
    const last = this.seen.get(shortName);
    const early = last && wantsFigures(last) ? this.sales.forEvent(shortName) : undefined;
    // awaited below only if still wanted: a failure is then thrown there, and never goes unhandled
    early?.catch(() => undefined);
    const snapshot = await this.snapshot(shortName);
    if (!snapshot) return null;
    if (!wantsFigures(snapshot)) return { snapshot, figures: null };
    return { snapshot, figures: await (early ?? this.sales.forEvent(shortName)) };
  }
}
