import { describe, expect, it } from 'vitest';
import { bundleFor } from '@ticketing/i18n';
import type { Translate } from '../i18n';
import { usageTexts } from './subscription-info';

/** The bundle's text of a key in `lang`, its {{n}} placeholders filled, as the storefront's translate does. */
const translate =
  (lang: string): Translate =>
  (key, ...args) =>
    (bundleFor(lang)[key] ?? key).replace(/\{\{(\d+)\}\}/g, (_, n: string) => String(args[Number(n)]));

describe('a pass order\'s usage text (spec 2, the subscription success page)', () => {
  it('says nothing before the first use, "once" after one, the count after more', () => {
    const t = translate('en');
    expect(usageTexts(t, { total: null, used: 0, available: null })).toEqual([]);
    expect(usageTexts(t, { total: null, used: 1, available: null })).toEqual(['Subscription used once.']);
    expect(usageTexts(t, { total: 10, used: 2, available: 8 })).toEqual(['Subscription used 2 times.', 'Entries left: 8']);
  });

  it.each([
    ['it', 'Abbonamento utilizzato una volta.'],
    ['de', 'Abonnement einmal verwendet.'],
    ['fr', 'Abonnement utilisé une fois.'],
  ])('says "once" in %s too', (lang, text) => expect(usageTexts(translate(lang), { total: null, used: 1, available: null })).toEqual([text]));
});
