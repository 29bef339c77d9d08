import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { wireInteger } from '@ticketing/wire';
import { dynamicDiscountSchema } from '../shared/views/event-code.views.js';

// alf.io's Angular client sends the reservation form as it sends reserve-tickets: quantities read off a <select> as
// text (see wireInteger).
const quantity = () => wireInteger(z.number().int().min(0).max(1000));

const selectedCategorySchema = z.object({
  ticketCategoryId: wireInteger(),
  amount: quantity().optional().describe('Tickets wanted (the storefront sends amount).'),
  quantity: quantity().optional().describe('Alias of amount.'),
});

/** The reservation form as check-discount reads it: only `reservation` matters; other fields are accepted and ignored. */
export class CheckDiscountFormDto extends createZodDto(
  z.object({
    reservation: z.array(selectedCategorySchema).max(100),
    promoCode: z.string().max(255).nullable().optional(),
  }),
) {}

export class DynamicDiscountDto extends createZodDto(dynamicDiscountSchema) {}
