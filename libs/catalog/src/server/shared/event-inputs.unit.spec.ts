import type { Queryable } from '@ticketing/postgres';
import { describe, expect, it } from 'vitest';
import { eventDetails, organizer } from '@ticketing/testing/catalog-events';
import { EventInputs } from './event-inputs.js';
import type { EventSalesFigures, SalesFigures } from '@ticketing/sales/contracts';
import { TablesVersions } from '@ticketing/projections';

const nothingSold: EventSalesFigures = { takenByCategory: new Map(), pendingCategoryIds: new Set(), codeUsages: new Map(), soldByService: new Map() };

/** A pool with one event, `jazz-night`, that counts its reads of the checkpoints. */
function fakeDb() {
  const reads = { checkpoints: 0 };
  const db = {
    query: async (config: string | { text: string }, values: unknown[] = []) => {
      const text = typeof config === 'string' ? config : config.text;
      if (text.includes('projection_checkpoints')) {
        reads.checkpoints++;
        return { rows: [{ name: 'sales-holds', version: '1:1' }] };
      }
      if (text.includes('e.details') && values[0] === 'jazz-night') {
        const details = eventDetails({ displayTicketsLeft: true });
        return { rows: [{ details, description_html: {}, total_seats: null, organizer: organizer(), has_restricted: false, has_codes: false, has_paid: true, linked: false }] };
      }
      return { rows: [] };
    },
  } as unknown as Queryable;
  return { db, reads };
}

/** Sales figures that read their version from the same pool, as the holds figures do. */
function figuresOn(db: Queryable) {
  let asked = 0;
  const sales: SalesFigures = {
    forEvent: async () => {
      asked++;
      await TablesVersions.of(db).version(['sales-holds']);
      return nothingSold;
    },
    subscriptionsSold: async () => 0,
  };
  return { sales, asked: () => asked };
}

describe('EventInputs', () => {
  it('asks a seen event for its snapshot and figures at once: one read of the checkpoints for both', async () => {
    const { db, reads } = fakeDb();
    const inputs = new EventInputs(db, figuresOn(db).sales);
    expect(await inputs.withFigures('jazz-night')).toMatchObject({ figures: nothingSold });
    expect(reads.checkpoints).toBe(2); // first sight: the figures are asked for after the snapshot
    reads.checkpoints = 0;
    expect(await inputs.withFigures('jazz-night')).toMatchObject({ figures: nothingSold });
    expect(reads.checkpoints).toBe(1);
  });

  it('costs an unknown name no sales figures', async () => {
    const { db } = fakeDb();
    const figures = figuresOn(db);
    const inputs = new EventInputs(db, figures.sales);
    expect(await inputs.withFigures('unknown')).toBeNull();
    expect(await inputs.withFigures('unknown')).toBeNull();
    expect(figures.asked()).toBe(0);
  });

  it('does not ask for figures a read does not want', async () => {
    const { db } = fakeDb();
    const figures = figuresOn(db);
    const inputs = new EventInputs(db, figures.sales);
    await inputs.withFigures('jazz-night');
    expect(await inputs.withFiguresIf('jazz-night', () => false)).toMatchObject({ figures: null });
    expect(figures.asked()).toBe(1);
  });
});
