import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { AMOUNT_TEXT } from '@ticketing/kernel';
import { validatedResponseSchema, shortNameParam, wireInteger } from '@ticketing/wire';

// Quantities and ids take a JSON integer or a string of digits, as alf.io's server does (see wireInteger): alf.io's
// Angular client sends the quantity it reads off a <select> as text.
const quantity = () => wireInteger(z.number().int().min(0).max(1000));

const selectedCategorySchema = z.object({
  ticketCategoryId: wireInteger(),
  amount: quantity().optional().describe('Tickets wanted (the storefront sends amount).'),
  quantity: quantity().optional().describe('Alias of amount.'),
  metadata: z
    .array(z.record(z.string().max(255), z.string().max(1024)))
    .max(1000)
    .nullable()
    .optional()
    .describe('Per-attendee metadata, by attendee index.'),
});

const selectedServiceSchema = z.object({
  additionalServiceId: wireInteger(),
  quantity: quantity().default(1).describe('Items wanted; default 1.'),
  // what kernel parseAmount reads, nothing else: a JSON number as it prints (12.5 -> "12.5"; -5 and 1e21 do not)
  amount: z
    .union([z.number().refine((n) => AMOUNT_TEXT.test(String(n)), 'error.invalidFormat'), z.string().regex(AMOUNT_TEXT, 'error.invalidFormat')])
    .nullable()
    .optional()
    .describe('Amount chosen by the buyer (donations), in currency units, e.g. 12.50; rounded half up to the currency.'),
});

/** `ReservationForm` (reference 3.2, item 12). */
export const reservationFormSchema = z.object({
  promoCode: z.string().max(255).nullable().optional(),
  captcha: z.string().max(4096).nullable().optional(),
  reservation: z.array(selectedCategorySchema).max(100).default([]),
  additionalService: z.array(selectedServiceSchema).max(100).nullable().optional(),
});

export class ReservationFormDto extends createZodDto(reservationFormSchema) {}

export class ReserveTicketsPathDto extends createZodDto(z.object({ shortName: shortNameParam })) {}


export class ReservationIdResponseDto extends createZodDto(validatedResponseSchema(z.string().describe('The new reservation id (UUID v4).'))) {}
