import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { dynamicDiscountSchema } from '../shared/views/event-code.views.js';

const selectedCategorySchema = z.object({
  ticketCategoryId: z.number().int(),
  amount: z.number().int().min(0).max(1000).optional().describe('Tickets wanted (the storefront sends amount).'),
  quantity: z.number().int().min(0).max(1000).optional().describe('Alias of amount.'),
});

/** The reservation form as check-discount reads it: only `reservation` matters; other fields are accepted and ignored. */
export class CheckDiscountFormDto extends createZodDto(
  z.object({
    reservation: z.array(selectedCategorySchema).max(100),
    promoCode: z.string().max(255).nullable().optional(),
  }),
) {}

export class DynamicDiscountDto extends createZodDto(dynamicDiscountSchema) {}
