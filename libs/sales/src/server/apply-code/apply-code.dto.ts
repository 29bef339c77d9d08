import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { validatedResponseSchema } from '@ticketing/wire';

const codeType = z.enum(['SUBSCRIPTION']).describe('What the code is: only passes (subscriptions) are applied after the reservation is made.');

/** `ReservationCodeForm` (reference 3.3 item 28). */
export const reservationCodeFormSchema = z.object({
  code: z.string().min(1).max(200).describe("The pass's id (a UUID) or its PIN as printed (any case; spaces and dashes are ignored)."),
  email: z.string().max(255).nullable().optional().describe(
      "Accepted as alf.io does, where it tells apart passes sharing one PIN; here a PIN is unique within its organizer, so it is not needed and not checked (the buyer's e-mail may differ from the pass owner's).",
    ),
  amount: z.number().int().min(1).max(100).default(1).describe('How many of the order\'s tickets the pass should pay for (the storefront sends 1).'),
  type: codeType,
});

export class ReservationCodeFormDto extends createZodDto(reservationCodeFormSchema) {}

export class RemoveCodeQueryDto extends createZodDto(z.object({ type: codeType })) {}

export class ApplyCodeResponseDto extends createZodDto(
  validatedResponseSchema(
    z.boolean().describe('true: the pass pays for tickets of the order now; false: applied nothing (the reason, if any, in validationErrors).'),
  ),
) {}
