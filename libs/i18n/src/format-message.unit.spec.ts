import { describe, expect, it } from 'vitest';
import { fillMarkers, formatMessage, fromJavaMessageFormat, markersOf, messageParts, placeholdersOf, positionalArgs } from './index.js';

const bundle = { 'vat': '{{1}} at {{0}}%', 'hello': 'Hello {{ 0 }}!', 'plain': 'No arguments' };

describe('formatMessage', () => {
  it('fills positional placeholders in any order', () => {
    expect(formatMessage(bundle, 'vat', [7.7, 'VAT'])).toBe('VAT at 7.7%');
  });

  it('accepts arguments keyed by position and tolerates spaces inside the braces', () => {
    expect(formatMessage(bundle, 'hello', { 0: 'Ada' })).toBe('Hello Ada!');
  });

  it('leaves a placeholder without argument as written', () => {
    expect(formatMessage(bundle, 'vat', ['8.1'])).toBe('{{1}} at 8.1%');
    expect(formatMessage(bundle, 'vat')).toBe('{{1}} at {{0}}%');
    expect(formatMessage(bundle, 'vat', [null, 'VAT'])).toBe('VAT at {{0}}%');
  });

  it('answers the key itself when the bundle lacks it', () => {
    expect(formatMessage(bundle, 'error.UNKNOWN', ['x'])).toBe('error.UNKNOWN');
    expect(formatMessage(bundle, 'toString')).toBe('toString');
  });

  it('does not interpret replacement patterns in arguments', () => {
    expect(formatMessage(bundle, 'hello', ['$& $1'])).toBe('Hello $& $1!');
  });
});

describe('message helpers', () => {
  it('lists the placeholders a message uses', () => {
    expect(placeholdersOf('{{1}} and {{0}} and {{1}}')).toEqual(['0', '1']);
    expect(placeholdersOf('none')).toEqual([]);
  });

  it('cuts a message at its placeholders for rich rendering', () => {
    expect(messageParts('I accept the {{0}}')).toEqual([{ text: 'I accept the ' }, { arg: '0' }]);
    expect(messageParts('Ich habe die {{0}} gelesen')).toEqual([{ text: 'Ich habe die ' }, { arg: '0' }, { text: ' gelesen' }]);
  });

  it('turns positional arguments into the object i18next wants', () => {
    expect(positionalArgs(['a', 'b'])).toEqual({ 0: 'a', 1: 'b' });
  });

  it('converts Java MessageFormat texts to the wire format', () => {
    expect(fromJavaMessageFormat("It''s {0} of {1}, not {{2}}")).toBe("It's {{0}} of {{1}}, not {{2}}");
  });
});

describe('literal markers (the ##name## convention of alf.io\'s client)', () => {
  it('lists the markers of a message and fills them, leaving {{n}} placeholders alone', () => {
    expect(markersOf('You have ##time## to finish ##time##, {{0}}')).toEqual(['time']);
    expect(markersOf('No markers # here ## at all')).toEqual([]);
    expect(fillMarkers('You have ##time## left, {{0}}', { time: '5 minutes' })).toBe('You have 5 minutes left, {{0}}');
  });

  it('leaves a marker without a value as written and does not interpret replacement patterns', () => {
    expect(fillMarkers('##time## / ##other##', { time: '$&' })).toBe('$& / ##other##');
  });
});
