import { bundles } from '@ticketing/i18n';
import { describe, expect, it } from 'vitest';
import type { Translate } from '../features/i18n';
import { formatMessage, pickLocalized } from '../features/i18n';
import { makeBasicSubscription, SUBSCRIPTION_ID } from '../test/catalog-fixtures';
import { subscriptionValidityText } from './subscription-validity';

const t: Translate = (key, ...args) => formatMessage(bundles.en, key, args);
const localize = (map: Record<string, string> | null | undefined) => pickLocalized(map, 'en');
const pass = (overrides: Parameters<typeof makeBasicSubscription>[1]) => makeBasicSubscription(SUBSCRIPTION_ID, overrides);

describe('subscription validity', () => {
  it('counts standard validity in units, singular for one', () => {
    expect(subscriptionValidityText(t, localize, pass({ validityUnits: 12, validityTimeUnit: 'MONTHS' }))).toBe('Valid for 12 months. One entry per event');
    expect(subscriptionValidityText(t, localize, pass({ validityUnits: 1, validityTimeUnit: 'YEARS', usageType: 'UNLIMITED' }))).toBe(
      'Valid for 1 year. Multiple entries per event',
    );
  });

  it('gives the dates of a custom validity, and the entries when there is no validity', () => {
    const custom = pass({ validityType: 'CUSTOM', formattedValidFrom: { en: '01.01.2027' }, formattedValidTo: { en: '31.12.2027' } });
    expect(subscriptionValidityText(t, localize, custom)).toBe('Valid from 01.01.2027 to 31.12.2027. One entry per event');
    expect(subscriptionValidityText(t, localize, pass({ validityType: 'NOT_SET', maxEntries: 5 }))).toBe('Valid for 5 entries. One entry per event');
    expect(subscriptionValidityText(t, localize, pass({ validityType: 'NOT_SET', maxEntries: -1 }))).toBe('One entry per event');
  });
});
