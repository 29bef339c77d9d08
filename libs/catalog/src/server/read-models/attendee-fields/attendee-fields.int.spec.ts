import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { attendeeField, catalogEvent } from '@ticketing/testing/catalog-events';
import { projectionHarness, type ProjectionHarness } from '@ticketing/testing/app';
import { attendeeFieldsProjection } from './attendee-fields.projection.js';

const e = 'jazz-night';
const size = attendeeField({ name: 'size', type: 'select', ordinal: 1, maxLength: null, restrictedValues: ['S', 'M'], categoryIds: [2] });
const history = [
  catalogEvent({ type: 'AttendeeFieldAdded', data: { eventShortName: e, field: attendeeField() } }),
  catalogEvent({ type: 'AttendeeFieldAdded', data: { eventShortName: e, field: size } }),
  catalogEvent({ type: 'AttendeeFieldChanged', data: { eventShortName: e, field: attendeeField({ ordinal: 5, required: false }) } }),
  catalogEvent({ type: 'AttendeeFieldRemoved', data: { eventShortName: e, name: 'size' } }),
];

describe('catalog-attendee-fields projection', () => {
  let h: ProjectionHarness;
  beforeEach(async () => {
    h = await projectionHarness('attendee_fields', [attendeeFieldsProjection]);
  });
  afterEach(() => h.close());

  it('keeps the fields of each event by name, changed in place, removed ones marked', async () => {
    await h.given(`event-${e}`, history);
    await h.given('event-other', [catalogEvent({ type: 'AttendeeFieldAdded', data: { eventShortName: 'other', field: attendeeField() } })]);
    expect(await h.rows('select short_name, name, ordinal, removed, details from catalog_attendee_fields order by short_name, name')).toEqual([
      { short_name: e, name: 'company', ordinal: 5, removed: false, details: attendeeField({ ordinal: 5, required: false }) },
      expect.objectContaining({ short_name: e, name: 'size', ordinal: 1, removed: true, details: size }),
      expect.objectContaining({ short_name: 'other', name: 'company', removed: false }),
    ]);
  });

  it('brings a removed field back when it is added again', async () => {
    await h.given(`event-${e}`, [...history, catalogEvent({ type: 'AttendeeFieldAdded', data: { eventShortName: e, field: size } })]);
    expect(await h.rows(`select removed from catalog_attendee_fields where name = 'size'`)).toEqual([{ removed: false }]);
  });

  it('changes nothing when the events are delivered again', async () => {
    await h.given(`event-${e}`, history);
    const before = await h.rows('select * from catalog_attendee_fields order by name');
    await h.replayAllAgain(attendeeFieldsProjection);
    expect(await h.rows('select * from catalog_attendee_fields order by name')).toEqual(before);
  });

  it('rebuilds to the rows it has live', async () => {
    await h.given(`event-${e}`, history);
    await h.runner.rebuild(attendeeFieldsProjection.name);
    expect(await h.runner.verify(attendeeFieldsProjection.name)).toMatchObject({ ok: true });
  });
});
