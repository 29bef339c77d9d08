import { describe, expect, it } from 'vitest';
import { fillMarkers, formatMessage, interpolate } from './format-message';

describe('formatMessage', () => {
  const bundle = { 'show-event.tickets.left': '{{0}} left', swap: '{{ 1 }} at {{0}}%' };

  it('fills positional {{n}} placeholders, tolerating spaces and reordering', () => {
    expect(formatMessage(bundle, 'show-event.tickets.left', [3])).toBe('3 left');
    expect(formatMessage(bundle, 'swap', [7.7, 'VAT'])).toBe('VAT at 7.7%');
  });

  it('answers the fallback text, then the key itself, for a missing key', () => {
    expect(formatMessage(bundle, 'missing', [], { missing: 'Fallback {{0}}' })).toBe('Fallback {{0}}');
    expect(formatMessage(bundle, 'missing')).toBe('missing');
  });

  it('leaves a placeholder without argument as written', () => {
    expect(interpolate('{{0}} and {{1}}', ['a', null])).toBe('a and {{1}}');
  });

  it('does not read keys from the prototype', () => {
    expect(formatMessage(bundle, 'toString')).toBe('toString');
  });
});

describe('fillMarkers', () => {
  it('fills the ##name## markers alf.io\'s client fills, leaving {{n}} placeholders and unknown markers as written', () => {
    expect(fillMarkers('You have ##time## to complete this order', { time: '5 minutes' })).toBe('You have 5 minutes to complete this order');
    expect(fillMarkers('##time## {{0}} ##other##', { time: '$&' })).toBe('$& {{0}} ##other##');
  });
});
