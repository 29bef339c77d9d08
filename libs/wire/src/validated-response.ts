/** The public API's wire envelope (reference 1.2) and its OpenAPI documentation, shared by every context. */
import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { RuleViolations, type RuleViolation } from '@ticketing/kernel';

/** `ErrorDescriptor` of the wire format: `arguments` keyed by positional index as strings, or null. */
export const errorDescriptorSchema = z.object({
  fieldName: z.string(),
  code: z.string().nullable(),
  arguments: z.record(z.string(), z.unknown()).nullable(),
});
export type ErrorDescriptor = z.infer<typeof errorDescriptorSchema>;

export const warningSchema = z.object({ code: z.string(), params: z.array(z.string()) });

/** `ValidatedResponse<T>`: `success` iff there are no errors; `warnings` only filled by a few calls. */
export function validatedResponseSchema<T extends z.ZodType>(value: T) {
  return z.object({
    success: z.boolean(),
    errorCount: z.number().int(),
    validationErrors: z.array(errorDescriptorSchema),
    value: value.nullable(),
    warnings: z.array(warningSchema),
  });
}

export const validationFailureSchema = validatedResponseSchema(z.null());
export type ValidationFailure = z.infer<typeof validationFailureSchema>;

export function positionalArguments(args: readonly unknown[]): Record<string, unknown> | null {
  return args.length === 0 ? null : Object.fromEntries(args.map((a, i) => [String(i), a]));
}

export function failure(errors: readonly ErrorDescriptor[], value: unknown = null, warnings: Warning[] = []) {
  return { success: false as const, errorCount: errors.length, validationErrors: [...errors], value, warnings };
}

export type Warning = z.infer<typeof warningSchema>;

/**
 * A refusal whose 422 answer carries a value and warnings besides its field errors, as validate-to-overview
 * answers `value: false` with the warnings it found (reference 3.3 item 20). The exception filter writes it.
 */
export class RefusalWithValue extends RuleViolations {
  constructor(
    violations: readonly RuleViolation[],
    readonly value: unknown,
    readonly warnings: Warning[],
  ) {
    super(violations);
    this.name = 'RefusalWithValue';
  }
}

export function success<T>(value: T, warnings: z.infer<typeof warningSchema>[] = []) {
  return { success: true as const, errorCount: 0, validationErrors: [], value, warnings };
}


export class ValidationFailureDto extends createZodDto(validationFailureSchema) {}

/** Documents the 422 every call with parameters or a body can answer. */
export function ApiValidationFailure(): MethodDecorator {
  return applyDecorators(
    ApiResponse({ status: 422, description: 'Validation failed: `validationErrors` names each field and its code.', type: ValidationFailureDto.Output }),
  );
}

/** Documents the 400 of a path value outside its fixed set (reference 1.3: a bad `payment/{method}`). */
export function ApiBadPathValue(what: string): MethodDecorator {
  return applyDecorators(
    ApiResponse({ status: 400, description: `${what} is not one of its values: \`validationErrors\` names it (alf.io: 400, empty body).`, type: ValidationFailureDto.Output }),
  );
}

/** Documents a 400 with a text/plain message (the custom payment method lookups, reference 3.3 items 30-31). */
export function ApiBadRequestText(description: string): MethodDecorator {
  return applyDecorators(ApiResponse({ status: 400, description, content: { 'text/plain': { schema: { type: 'string' } } } }));
}

/** Documents the 403 of the anti-forgery check on every non-GET call. */
export function ApiAntiForgery(): MethodDecorator {
  return applyDecorators(
    ApiResponse({ status: 403, description: 'Missing or invalid anti-forgery token (X-CSRF-TOKEN or X-XSRF-TOKEN).' }),
  );
}

export function ApiNotFound(what: string): MethodDecorator {
  return applyDecorators(ApiResponse({ status: 404, description: `${what} not found (empty body).` }));
}
