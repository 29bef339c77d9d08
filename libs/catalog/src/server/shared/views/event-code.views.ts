import { z } from 'zod';
import { langMapSchema } from './common.views.js';

export const eventCodeSchema = z
  .object({
    code: z.string(),
    type: z.enum(['SPECIAL_PRICE', 'DISCOUNT', 'ACCESS']).nullable(),
    discountType: z.enum(['FIXED_AMOUNT', 'PERCENTAGE', 'FIXED_AMOUNT_RESERVATION', 'NONE']).nullable(),
    discountAmount: z.string().nullable().describe('Percentage as an integer ("10"), fixed amounts as money ("5.00").'),
  })
  .describe('EventCode');

export const dynamicDiscountSchema = z
  .object({
    discount: z.string(),
    discountType: z.enum(['FIXED_AMOUNT', 'PERCENTAGE', 'FIXED_AMOUNT_RESERVATION']),
    formattedMessage: langMapSchema,
  })
  .describe('DynamicDiscount');

export type EventCode = z.infer<typeof eventCodeSchema>;
export type DynamicDiscount = z.infer<typeof dynamicDiscountSchema>;
