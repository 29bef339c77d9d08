import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { descriptor, eventDetails, organizer } from '@ticketing/testing/catalog-commands';
import { publishEventCatalog, publishOrganizer, publishSubscriptionDescriptor, documentPathOf } from '../catalog-commands.js';
import { formatIssue } from '../catalog-issue.js';
import { formatOfFileName, parseCatalogText, type ParsedCatalog } from './parse-catalog-file.js';

const example = readFileSync(fileURLToPath(new URL('../../../../../../tools/catalog/example.catalog.yaml', import.meta.url)), 'utf8');

function parsed(result: ParsedCatalog) {
  if (!result.ok) throw new Error(result.issues.map(formatIssue).join('\n'));
  return result.file;
}

const minimalEvent = {
  shortName: 'x',
  organizer: 'lakeside',
  title: { en: 'X' },
  start: '2030-01-01T10:00',
  end: '2030-01-01T12:00',
  timeZone: 'Europe/Zurich',
  currency: 'CHF',
  contentLanguages: ['en'],
  location: 'Zürich',
};

describe('parsing a catalog file', () => {
  it('reads the example, applying defaults and normalizing date-times', () => {
    const file = parsed(parseCatalogText(example, 'yaml'));
    const event = file.events[0]!;
    expect(event.start).toBe('2030-05-10T09:00:00');
    expect(event.reservationValidityMinutes).toBe(25);
    expect(event.assignment).toEqual({ forceAssignment: false, enableAttendeeAutocomplete: true, enableTicketTransfer: true });
    expect(event.additionalServices[0]).toMatchObject({ availableQuantity: 999, vatType: 'INHERITED', sale: { start: null, end: null } });
    expect(file.subscriptions[0]!.usageType).toBe('ONCE_PER_EVENT');
  });

  it('reads a deferred bank transfer, off unless asked for', () => {
    const read = (extra: object) => parsed(parseCatalogText(JSON.stringify({ events: [{ ...minimalEvent, ...extra }] }), 'json')).events[0]!.offlinePayment;
    expect(read({})).toEqual({ showOnlyBasicInstructions: false, deferred: false });
    expect(read({ offlinePayment: { deferred: true } })).toEqual({ showOnlyBasicInstructions: false, deferred: true });
  });

  it('reads JSON the same way as YAML', () => {
    const yaml = parsed(parseCatalogText(example, 'yaml'));
    const json = parsed(parseCatalogText(JSON.stringify(parsed(parseCatalogText(example, 'yaml'))), 'json'));
    expect(json).toEqual(yaml);
  });

  it('names the path and field of every schema error', () => {
    const text = JSON.stringify({ events: [minimalEvent, { ...minimalEvent, shortName: 'y', categories: [{ key: 'a', name: { en: 'A' }, price: -5 }], prcie: 1 }] });
    const result = parseCatalogText(text, 'json');
    expect(result.ok).toBe(false);
    const lines = result.ok ? [] : result.issues.map(formatIssue);
    expect(lines).toContain('events[1].categories[0].price: must be >= 0 (error.catalog.negative)');
    expect(lines).toContain('events[1].prcie: unknown field(s) prcie (error.catalog.invalidValue)');
  });

  it('refuses whole numbers beyond 32 bits, which the read models could not store (a projection would stop for every event)', () => {
    const big = 2 ** 31;
    const text = JSON.stringify({
      events: [
        {
          ...minimalEvent,
          capacities: [{ key: 'hall', size: big }],
          categories: [{ key: 'a', name: { en: 'A' }, price: big }],
          polls: [{ id: big, status: 'DRAFT', title: { en: 'Q' }, order: -big - 1, options: [{ id: big, title: { en: 'O' } }] }],
        },
      ],
    });
    const result = parseCatalogText(text, 'json');
    const paths = result.ok ? [] : result.issues.map((i) => i.path).sort();
    expect(paths).toEqual(['events[0].capacities[0].size', 'events[0].categories[0].price', 'events[0].polls[0].id', 'events[0].polls[0].options[0].id', 'events[0].polls[0].order'].sort());
    // the largest 32-bit number is a number like any other
    expect(parseCatalogText(JSON.stringify({ events: [{ ...minimalEvent, categories: [{ key: 'a', name: { en: 'A' }, price: big - 1 }] }] }), 'json').ok).toBe(true);
  });

  it('reports a missing required field and a wrong enum value', () => {
    const { title: _title, ...untitled } = minimalEvent;
    const result = parseCatalogText(JSON.stringify({ events: [{ ...untitled, format: 'VIRTUAL' }] }), 'json');
    const issues = result.ok ? [] : result.issues;
    expect(issues).toContainEqual(expect.objectContaining({ path: 'events[0].title', code: 'error.catalog.required' }));
    expect(issues).toContainEqual(expect.objectContaining({ path: 'events[0].format', code: 'error.catalog.invalidValue' }));
  });

  it('reads a compatible event as a short name or as the event with category keys, and names the problem of a wrong one', () => {
    const subscription = { ...parsed(parseCatalogText(example, 'yaml')).subscriptions[0]!, image: null };
    const read = (compatibleEvents: unknown[]) => parseCatalogText(JSON.stringify({ subscriptions: [{ ...subscription, compatibleEvents }] }), 'json');
    expect(parsed(read(['a', { event: 'b', categories: ['vip'] }, { event: 'c' }])).subscriptions[0]!.compatibleEvents).toEqual([
      'a',
      { event: 'b', categories: ['vip'] },
      { event: 'c', categories: [] },
    ]);
    const issues = (result: ParsedCatalog) => (result.ok ? [] : result.issues.map((i) => [i.path, i.code]));
    expect(issues(read([{ event: 'b', categories: 'vip' }]))).toEqual([['subscriptions[0].compatibleEvents[0].categories', 'error.catalog.invalidValue']]);
    expect(issues(read([{ evnt: 'b' }]))).toEqual([
      ['subscriptions[0].compatibleEvents[0].event', 'error.catalog.required'],
      ['subscriptions[0].compatibleEvents[0].evnt', 'error.catalog.invalidValue'],
    ]);
    expect(issues(read([3]))).toEqual([['subscriptions[0].compatibleEvents[0]', 'error.catalog.invalidValue']]);
  });

  it('reports YAML syntax errors with their line', () => {
    const result = parseCatalogText('events:\n  - shortName: [unclosed\n', 'yaml');
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.issues[0]!.message).toMatch(/^not valid YAML at line \d+, column \d+/);
  });

  it('tells YAML and JSON apart by extension', () => {
    expect([formatOfFileName('a.yaml'), formatOfFileName('b.YML'), formatOfFileName('c.json'), formatOfFileName('d.txt')]).toEqual(['yaml', 'yaml', 'json', undefined]);
  });
});

describe('from file entries to commands', () => {
  const file = parsed(parseCatalogText(example, 'yaml'));

  // A field added to the events but not to the file (or the other way round) shows up here.
  it('fills every field of the event, organizer and descriptor data', () => {
    const images = new Map([['example-images/devday.svg', 'f'.repeat(64)]]);
    const event = publishEventCatalog(file.events[0]!, images).data.event;
    expect(Object.keys(event).sort()).toEqual(Object.keys(eventDetails).sort());
    expect(event).toMatchObject({ organizerSlug: 'lakeside', imageFileId: 'f'.repeat(64), displayName: 'Dev Day 2030' });
    expect(Object.keys(publishOrganizer(file.organizers[0]!).data.organizer).sort()).toEqual(Object.keys(organizer).sort());
    expect(Object.keys(publishSubscriptionDescriptor(file.subscriptions[0]!, images).data.descriptor).sort()).toEqual(Object.keys(descriptor).sort());
  });

  it('gives the descriptor the category ids of its limited events only, and no restriction at all when none is', () => {
    const entry = file.subscriptions[0]!;
    expect(publishSubscriptionDescriptor(entry, new Map(), { 'devday-2030': [1, 2] }).data.descriptor).toMatchObject({
      compatibleEventShortNames: ['devday-2030'],
      compatibleCategoryIds: { 'devday-2030': [1, 2] },
    });
    expect('compatibleCategoryIds' in publishSubscriptionDescriptor(entry, new Map(), {}).data.descriptor).toBe(false);
  });

  it('orders categories by their position unless an ordinal is given', () => {
    expect(publishEventCatalog(file.events[0]!, new Map()).data.categories.map((c) => c.ordinal)).toEqual([0, 1, 2, 3]);
  });

  it('maps a violation of a command back to the document path', () => {
    expect(documentPathOf('categories[0].price', 'events[2]', 'event')).toBe('events[2].categories[0].price');
    expect(documentPathOf('event.title.it', 'events[2]', 'event')).toBe('events[2].title.it');
    expect(documentPathOf('event.organizerSlug', 'events[0]', 'event')).toBe('events[0].organizer');
    expect(documentPathOf('descriptor.compatibleEventShortNames[1]', 'subscriptions[0]', 'descriptor')).toBe('subscriptions[0].compatibleEvents[1]');
  });
});
