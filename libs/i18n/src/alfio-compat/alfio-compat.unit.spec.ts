import { describe, expect, it } from 'vitest';
import { bundles, markersOf, placeholdersOf, supportedLanguages } from '../index.js';
import { alfioBundleKeys, alfioFrontendKeys, type ClientFill } from './alfio-keys.js';

/**
 * Our bundles stand in for alf.io's public bundle, so alf.io's own frontend must find every key it reads, filled the
 * way it fills it (see alfio-keys.ts for where the lists come from).
 */
const alfioKeys = Object.keys(alfioBundleKeys);
const frontendKeys = Object.entries(alfioFrontendKeys);

/** A `{{n}}` placeholder or a `##name##` marker, written as alfio-keys.ts writes them. */
function slotsOf(message: string): string[] {
  return [...placeholdersOf(message), ...markersOf(message).map((name) => `##${name}##`)];
}

/** What is wrong with `message` for a client that fills it as `fill` says (empty when nothing is). */
function fillProblems(message: string, fill: ClientFill): string[] {
  const placeholders = placeholdersOf(message);
  const markers = markersOf(message);
  switch (fill.kind) {
    case 'params':
      return [
        ...placeholders.filter((p) => !fill.params.includes(p)).map((p) => `{{${p}}} is never passed`),
        ...markers.map((m) => `##${m}## is never replaced`),
      ];
    case 'marker':
      return [
        ...(markers.includes(fill.marker) ? [] : [`##${fill.marker}## is missing`]),
        ...placeholders.map((p) => `{{${p}}} is never passed`),
      ];
    case 'appended':
      return placeholders.length + markers.length > 0 ? ['the client appends the value: no placeholder'] : [];
    case 'countdown-labels': {
      const labels = message.split('|');
      return [
        ...(labels.length === 11 ? [] : [`${labels.length} labels instead of 11`]),
        ...labels.filter((label) => !/^ \S/.test(label)).map((label) => `label "${label}" does not start with one space`),
      ];
    }
  }
}

describe('compatibility with alf.io\'s public bundle', () => {
  it('lists several hundred alf.io keys, none of them admin.* ones', () => {
    expect(alfioKeys.length).toBeGreaterThan(500);
    expect(alfioKeys.filter((key) => key.startsWith('admin.'))).toEqual([]);
  });

  it.each(supportedLanguages)('%s has every key of alf.io\'s public bundle', (lang) => {
    expect(alfioKeys.filter((key) => !(key in bundles[lang]))).toEqual([]);
  });

  it.each(supportedLanguages)('%s uses no placeholder alf.io\'s message does not have, so whoever fills alf.io\'s fills ours', (lang) => {
    const extra = alfioKeys
      .map((key) => ({ key, extra: slotsOf(bundles[lang][key] ?? '').filter((slot) => !alfioBundleKeys[key]?.includes(slot)) }))
      .filter((row) => row.extra.length > 0);
    expect(extra).toEqual([]);
  });
});

describe('the keys alf.io\'s public frontend reads', () => {
  it('are alf.io bundle keys, among them the ones the client fills itself', () => {
    expect(frontendKeys.length).toBeGreaterThan(200);
    expect(frontendKeys.filter(([key]) => !(key in alfioBundleKeys))).toEqual([]);
    expect(alfioFrontendKeys['reservation-page.time-for-completion']).toEqual({ kind: 'marker', marker: 'time' });
    expect(alfioFrontendKeys['reservation-page-complete.ticket-nr']).toEqual({ kind: 'appended' });
    expect(alfioFrontendKeys['reservation-page.time-for-completion.labels.plural']).toEqual({ kind: 'countdown-labels' });
  });

  it.each(supportedLanguages)('exist in %s', (lang) => {
    expect(frontendKeys.filter(([key]) => !(key in bundles[lang])).map(([key]) => key)).toEqual([]);
  });

  it.each(supportedLanguages)('are written in %s the way the client fills them', (lang) => {
    const problems = frontendKeys
      .map(([key, fill]) => ({ key, problems: fillProblems(bundles[lang][key] ?? '', fill) }))
      .filter((row) => row.problems.length > 0);
    expect(problems).toEqual([]);
  });

  it('would catch a message written in the wrong convention', () => {
    expect(fillProblems('You have {{0}} to complete this order', { kind: 'marker', marker: 'time' })).toEqual([
      '##time## is missing',
      '{{0}} is never passed',
    ]);
    expect(fillProblems('Ticket {{0}}', { kind: 'appended' })).toHaveLength(1);
    expect(fillProblems('Hello {{0}}', { kind: 'params', params: [] })).toEqual(['{{0}} is never passed']);
    expect(fillProblems('| second| minute|||', { kind: 'countdown-labels' })).not.toEqual([]);
  });
});
