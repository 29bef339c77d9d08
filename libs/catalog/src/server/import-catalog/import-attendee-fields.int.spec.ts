import { describe, expect, it } from 'vitest';
import { exampleCatalog, importHarness, importOptions } from './import-catalog.fixtures.js';

/** The example catalog: its event asks for a company, a t-shirt size (some categories) and a lunch menu (per lunch). */
const example = exampleCatalog;

describe('importing attendee fields', () => {
  const t = importHarness('catalog_import_fields');

  it('adds each field with its keys resolved to ids; the same file again appends nothing', async () => {
    await t.service.import(example(), importOptions);
    const fields = (await t.store.readStream('event-devday-2030')).filter((e) => e.type === 'AttendeeFieldAdded').map((e) => e.data['field']);
    expect(fields).toEqual([
      expect.objectContaining({ name: 'company', ordinal: 0, required: true, maxLength: 100, categoryIds: [], additionalServiceId: null }),
      expect.objectContaining({ name: 'tShirtSize', ordinal: 1, categoryIds: [1, 2, 4] }),
      expect.objectContaining({ name: 'lunchMenu', ordinal: 2, additionalServiceId: 1, restrictedValuesDescription: { vegetarian: { en: 'Vegetarian', it: 'Vegetariano' } } }),
    ]);

    const before = await t.store.headPosition();
    expect(await t.service.import(example(), importOptions)).toMatchObject({ ok: true, eventsAppended: 0, written: [] });
    expect(await t.appendedSince(before)).toEqual([]);
  });

  it('appends one change for a changed field and one removal for a field no longer listed', async () => {
    await t.service.import(example(), importOptions);
    const before = await t.store.headPosition();
    const changed = example();
    const event = changed.events[0]!;
    // The last one goes, so the others keep their positions and with them their default ordinals.
    event.attendeeFields = event.attendeeFields.filter((f) => f.name !== 'lunchMenu').map((f) => (f.name === 'tShirtSize' ? { ...f, disabledValues: ['XL'] } : f));

    expect(await t.service.import(changed, importOptions)).toMatchObject({ ok: true, eventsAppended: 2 });
    expect(await t.appendedSince(before)).toEqual([
      ['AttendeeFieldChanged', { eventShortName: 'devday-2030', field: expect.objectContaining({ name: 'tShirtSize', ordinal: 1, disabledValues: ['XL'] }) }],
      ['AttendeeFieldRemoved', { eventShortName: 'devday-2030', name: 'lunchMenu' }],
    ]);
  });

  it('refuses a field on a donation or an unknown category at its path in the document, appending nothing', async () => {
    const invalid = example();
    const [company, size, lunch] = invalid.events[0]!.attendeeFields;
    invalid.events[0]!.attendeeFields = [company!, { ...size!, categories: ['regular', 'vip'] }, { ...lunch!, additionalService: 'donation' }];

    const report = await t.service.import(invalid, importOptions);
    expect(report.errors.map((e) => [e.path, e.code])).toEqual([
      ['events[0].attendeeFields[1].categories[1]', 'error.catalog.unknownCategory'],
      ['events[0].attendeeFields[2].additionalService', 'error.catalog.notASupplement'],
    ]);
    expect(await t.store.readAll()).toEqual([]);
  });
});
