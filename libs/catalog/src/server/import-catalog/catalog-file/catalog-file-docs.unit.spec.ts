import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { attendeeFieldEntrySchema } from './attendee-field-entry.schema.js';
import { catalogFileSchema, organizerEntrySchema, subscriptionEntrySchema } from './catalog-file.schema.js';
import { additionalServiceEntrySchema, capacityEntrySchema, categoryEntrySchema, eventEntrySchema, pollEntrySchema, promoCodeEntrySchema } from './event-entry.schema.js';

const readme = readFileSync(fileURLToPath(new URL('../../../../../../tools/catalog/README.md', import.meta.url)), 'utf8');

/** The README's section of one entry: from its heading to the next heading. */
function section(heading: string): string {
  const start = readme.indexOf(`${heading}\n`);
  if (start < 0) throw new Error(`README has no section ${heading}`);
  const next = readme.indexOf('\n#', start + heading.length);
  return readme.slice(start, next < 0 ? undefined : next);
}

describe('tools/catalog/README.md documents every field of the catalog file', () => {
  it.each([
    ['## Schema', catalogFileSchema],
    ['### organizers[]', organizerEntrySchema],
    ['### events[]', eventEntrySchema],
    ['#### capacities[] (seat pools, as pretix\'s quotas)', capacityEntrySchema],
    ['#### categories[]', categoryEntrySchema],
    ['#### additionalServices[]', additionalServiceEntrySchema],
    ['#### promoCodes[]', promoCodeEntrySchema],
    ['#### attendeeFields[]', attendeeFieldEntrySchema],
    ['#### polls[]', pollEntrySchema],
    ['### subscriptions[] (passes)', subscriptionEntrySchema],
  ] as [string, z.ZodObject][])('%s', (heading, schema) => {
    const text = section(heading);
    const missing = Object.keys(schema.shape).filter((key) => !text.includes(`\`${key}\``));
    expect(missing).toEqual([]);
  });
});
