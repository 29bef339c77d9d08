import type { PromoCode } from '@ticketing/catalog/contracts';
import { formatUnit } from '@ticketing/kernel';
import type { EventSnapshot } from '../shared/event-records.js';
import { isCodeUsable } from '../shared/promo-code-rules.js';
import type { EventSalesFigures } from '@ticketing/sales/contracts';
import type { EventCode } from '../shared/views/event-code.views.js';

export type CodeValidation =
  | { readonly valid: true; readonly value: EventCode }
  | { readonly valid: false; readonly fieldName: 'promoCode' | 'eventName'; readonly errorCode: string | null; readonly value: EventCode };

export const CODE_NOT_FOUND = 'error.STEP_1_CODE_NOT_FOUND';

/** Whether the buyer's code can be used for the event now, and what it gives (reference 3.2, validate-code). */
export function validateCode(snapshot: EventSnapshot | null, figures: EventSalesFigures, code: string, now: Date): CodeValidation {
  const unknown: EventCode = { code, type: null, discountType: null, discountAmount: null };
  if (!snapshot) return { valid: false, fieldName: 'eventName', errorCode: null, value: unknown };
  const record = snapshot.record;
  const found = snapshot.promoCodes.get(code) ?? null;
  const usages = found ? (figures.codeUsages.get(found.code) ?? 0) : 0;
  if (!found || !isCodeUsable(found, record.details, now, usages)) {
    return { valid: false, fieldName: 'promoCode', errorCode: CODE_NOT_FOUND, value: unknown };
  }
  return { valid: true, value: eventCodeOf(found, record.details.currency) };
}

export function eventCodeOf(code: PromoCode, currency: string): EventCode {
  return {
    code: code.code,
    type: code.type,
    discountType: code.discountType,
    discountAmount: discountAmountText(code, currency),
  };
}

/** Percentages as integers ("10"), fixed amounts as money ("5.00"), nothing for an access code without discount. */
function discountAmountText(code: PromoCode, currency: string): string | null {
  switch (code.discountType) {
    case 'PERCENTAGE':
      return String(code.discountAmount);
    case 'FIXED_AMOUNT':
    case 'FIXED_AMOUNT_RESERVATION':
      return formatUnit(code.discountAmount, code.currency ?? currency);
    default:
      return null;
  }
}
