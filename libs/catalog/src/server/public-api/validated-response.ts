import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';

/**
 * The wire envelope (reference 1.2), as apps/api/src/http/validated-response.ts defines it. A library may
 * not import the app, so this is a copy of the same shape until the envelope moves into a shared library.
 */
export const errorDescriptorSchema = z.object({
  fieldName: z.string(),
  code: z.string().nullable(),
  arguments: z.record(z.string(), z.unknown()).nullable(),
});

export const warningSchema = z.object({ code: z.string(), params: z.array(z.string()) });

export function validatedResponseSchema<T extends z.ZodType>(value: T) {
  return z.object({
    success: z.boolean(),
    errorCount: z.number().int(),
    validationErrors: z.array(errorDescriptorSchema),
    value: value.nullable(),
    warnings: z.array(warningSchema),
  });
}

/** Same class name as the app's, so the OpenAPI document keeps one `ValidationFailure` component. */
export class ValidationFailureDto extends createZodDto(validatedResponseSchema(z.null())) {}

/** Documents the 422 every call with parameters or a body can answer. */
export function ApiValidationFailure(): MethodDecorator {
  return applyDecorators(
    ApiResponse({ status: 422, description: 'Validation failed: `validationErrors` names each field and its code.', type: ValidationFailureDto.Output }),
  );
}

export function ApiNotFound(what: string): MethodDecorator {
  return applyDecorators(ApiResponse({ status: 404, description: `${what} not found (empty body).` }));
}
