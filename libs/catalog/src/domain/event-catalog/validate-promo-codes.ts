import type { EventDetails } from '@ticketing/catalog/contracts';
import { catalogErrors } from '../shared/catalog-violation.js';
import type { Rules } from '../shared/rules.js';
import type { PromoCodeDraft, TicketCategoryDraft } from './publish-event-catalog.command.js';

export function validatePromoCodes(
  rules: Rules,
  event: EventDetails,
  codes: readonly PromoCodeDraft[],
  categories: readonly TicketCategoryDraft[],
): void {
  const categoryKeys = new Set(categories.map((c) => c.key));
  const categoryCodes = new Set(categories.flatMap((c) => (c.code === null ? [] : [c.code])));
  rules.unique(codes, (c) => c.code, (i) => `promoCodes[${i}].code`);
  codes.forEach((code, i) => {
    const f = (name: string) => `promoCodes[${i}].${name}`;
    // `/event/{e}/code/{code}` looks codes up in both lists: one code must mean one thing.
    if (rules.nonEmpty(code.code, f('code'))) rules.check(!categoryCodes.has(code.code), catalogErrors.duplicateKey, f('code'), code.code);
    if (code.type === 'DISCOUNT') rules.check(code.discountType !== 'NONE', catalogErrors.discountTypeNotAllowed, f('discountType'), code.type);
    else rules.check(code.categories.length > 0, catalogErrors.accessCodeWithoutCategory, f('categories'));
    if (code.discountType === 'NONE') {
      rules.check(code.discountAmount === 0, catalogErrors.invalidValue, f('discountAmount'));
    } else {
      rules.integer(code.discountAmount, f('discountAmount'), 1);
      if (code.discountType === 'PERCENTAGE') rules.check(code.discountAmount <= 100, catalogErrors.percentageOutOfRange, f('discountAmount'), 1, 100);
    }
    rules.window(code.validFrom, code.validTo, `promoCodes[${i}].`, 'validFrom', 'validTo');
    rules.optionalInteger(code.maxUsage, f('maxUsage'), 1);
    code.categories.forEach((key, j) => rules.check(categoryKeys.has(key), catalogErrors.unknownCategory, `${f('categories')}[${j}]`, key));
    if (code.currency !== null) {
      rules.currency(code.currency, f('currency'));
      rules.check(code.currency === event.currency, catalogErrors.currencyMismatch, f('currency'), event.currency);
    }
  });
}
