import { applyDecorators } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { validationFailureSchema } from '../http/validated-response.js';

export class ValidationFailureDto extends createZodDto(validationFailureSchema) {}

/** Documents the 422 every call with parameters or a body can answer. */
export function ApiValidationFailure(): MethodDecorator {
  return applyDecorators(
    ApiResponse({ status: 422, description: 'Validation failed: `validationErrors` names each field and its code.', type: ValidationFailureDto.Output }),
  );
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
