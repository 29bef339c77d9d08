import { z } from 'zod';
import { createZodDto } from 'nestjs-zod';
import { validatedResponseSchema } from '@ticketing/wire';

export const benchSetupSchema = z.object({ seats: z.number().int().min(0).max(1_000_000) });
export class BenchSetupDto extends createZodDto(benchSetupSchema) {}

export const benchHoldSchema = z.object({ quantity: z.number().int().min(1).max(1_000) });
export class BenchHoldDto extends createZodDto(benchHoldSchema) {}

export const benchProfileSchema = z.object({ survivors: z.boolean().default(false) });
export class BenchProfileDto extends createZodDto(benchProfileSchema) {}

/** The HTTP ceiling's answer: as small as the reserve call's, with no work behind it. */
export const benchNoopResponseSchema = z.object({ success: z.literal(true), value: z.string() });
export class BenchNoopResponseDto extends createZodDto(benchNoopResponseSchema) {}

/** Same envelope as reserve-tickets: `value` is the hold's id. */
export class BenchHoldResponseDto extends createZodDto(validatedResponseSchema(z.string())) {}

/** `value` is the number of free seats the table now holds. */
export class BenchSetupResponseDto extends createZodDto(validatedResponseSchema(z.number().int())) {}
