import { describe, expect, it } from 'vitest';
import type { AttendeeField } from '@ticketing/catalog/contracts';
import { company } from '@ticketing/testing/catalog-commands';
import { documentPathOf, publishEventCatalog } from '../catalog-commands.js';
import { formatIssue } from '../catalog-issue.js';
import { parseCatalogText, type ParsedCatalog } from './parse-catalog-file.js';

function parsed(result: ParsedCatalog) {
  if (!result.ok) throw new Error(result.issues.map(formatIssue).join('\n'));
  return result.file;
}

const event = {
  shortName: 'x',
  organizer: 'lakeside',
  title: { en: 'X' },
  start: '2030-01-01T10:00',
  end: '2030-01-01T12:00',
  timeZone: 'Europe/Zurich',
  currency: 'CHF',
  contentLanguages: ['en'],
  location: 'Zürich',
  categories: [{ key: 'regular', name: { en: 'Regular' }, price: 0 }],
};

const yaml = `
events:
  - shortName: x
    organizer: lakeside
    title: { en: X }
    start: 2030-01-01T10:00
    end: 2030-01-01T12:00
    timeZone: Europe/Zurich
    currency: CHF
    contentLanguages: [en]
    location: Zürich
    attendeeFields:
      - name: company
        type: input:text
        label: { en: Company }
      - name: size
        type: select
        label: { en: Size }
        ordinal: 10
        beforeStandardFields: true
        required: true
        editable: false
        restrictedValues: [S, M]
        disabledValues: [M]
        restrictedValuesDescription: { M: { en: Medium } }
        categories: [regular]
        additionalService: shirt
`;

describe('attendeeFields in a catalog file', () => {
  it('applies the defaults to what the author leaves out', () => {
    const [minimal, full] = parsed(parseCatalogText(yaml, 'yaml')).events[0]!.attendeeFields;
    expect(minimal).toEqual({
      name: 'company',
      type: 'input:text',
      label: { en: 'Company' },
      placeholder: {},
      beforeStandardFields: false,
      required: false,
      editable: true,
      minLength: null,
      maxLength: null,
      restrictedValues: [],
      disabledValues: [],
      restrictedValuesDescription: {},
      categories: [],
      additionalService: null,
    });
    expect(full).toMatchObject({ ordinal: 10, beforeStandardFields: true, required: true, editable: false, disabledValues: ['M'], categories: ['regular'], additionalService: 'shirt' });
  });

  it('defaults an event without fields to none', () => {
    expect(parsed(parseCatalogText(JSON.stringify({ events: [event] }), 'json')).events[0]!.attendeeFields).toEqual([]);
  });

  it('orders the fields by their position unless an ordinal is given, keys kept for the decider to resolve', () => {
    const fields = publishEventCatalog(parsed(parseCatalogText(yaml, 'yaml')).events[0]!, new Map()).data.attendeeFields;
    expect(fields.map((f) => [f.name, f.ordinal])).toEqual([
      ['company', 0],
      ['size', 10],
    ]);
    // Every field of the event's data, ids replaced by the keys that name them.
    const idFields: (keyof AttendeeField)[] = ['categoryIds', 'additionalServiceId'];
    expect(Object.keys(fields[0]!).sort()).toEqual([...Object.keys(company).filter((k) => !idFields.includes(k as keyof AttendeeField))].sort());
  });

  it('refuses an unknown type, a negative length and a misspelt field, each at its path', () => {
    const fields = [{ name: 'a', type: 'email', label: { en: 'A' } }, { name: 'b', type: 'textarea', label: { en: 'B' }, maxLength: -1, requird: true }];
    const result = parseCatalogText(JSON.stringify({ events: [{ ...event, attendeeFields: fields }] }), 'json');
    const issues = result.ok ? [] : result.issues.map((i) => [i.path, i.code]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ['events[0].attendeeFields[0].type', 'error.catalog.invalidValue'],
        ['events[0].attendeeFields[1].maxLength', 'error.catalog.negative'],
        ['events[0].attendeeFields[1].requird', 'error.catalog.invalidValue'],
      ]),
    );
  });

  it('maps a violation of a field back to its place in the document', () => {
    expect(documentPathOf('attendeeFields[1].categories[0]', 'events[3]', 'event')).toBe('events[3].attendeeFields[1].categories[0]');
    expect(documentPathOf('attendeeFields[0].label.it', 'events[0]', 'event')).toBe('events[0].attendeeFields[0].label.it');
  });
});
