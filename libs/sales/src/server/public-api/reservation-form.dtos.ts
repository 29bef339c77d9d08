import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { validatedResponseSchema } from '@ticketing/wire';
import { langParam, shortNameParam, uuidParam } from '@ticketing/catalog';

const selectedCategorySchema = z.object({
  ticketCategoryId: z.number().int(),
  amount: z.number().int().min(0).max(1000).optional().describe('Tickets wanted (the storefront sends amount).'),
  quantity: z.number().int().min(0).max(1000).optional().describe('Alias of amount.'),
  metadata: z
    .array(z.record(z.string().max(255), z.string().max(1024)))
    .max(1000)
    .nullable()
    .optional()
    .describe('Per-attendee metadata, by attendee index.'),
});

const selectedServiceSchema = z.object({
  additionalServiceId: z.number().int(),
  quantity: z.number().int().min(0).max(1000).default(1),
  amount: z
    .union([z.number(), z.string().regex(/^\d{1,9}(\.\d{1,4})?$/, 'error.invalidFormat')])
    .nullable()
    .optional()
    .describe('Amount chosen by the buyer (donations), in currency units, e.g. 12.50.'),
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

export class ReserveTicketsQueryDto extends createZodDto(z.object({ lang: langParam })) {}

export class ReservationIdPathDto extends createZodDto(z.object({ reservationId: uuidParam })) {}

export class ReservationIdResponseDto extends createZodDto(validatedResponseSchema(z.string().describe('The new reservation id (UUID v4).'))) {}
