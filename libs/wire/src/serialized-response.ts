import { applyDecorators, HttpCode } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import type { ZodDto } from 'nestjs-zod';

/**
 * Documents a JSON answer exactly as @ZodResponse does, for a handler that sends bytes it serialized itself
 * (validated with the same schema when they were made, see @ticketing/catalog's JsonBodies): unlike
 * ZodResponse, it does not parse the answer again on every request.
 */
export function SerializedResponse({ status, type }: { status: number; type: ZodDto }): MethodDecorator {
  return applyDecorators(HttpCode(status), ApiResponse({ status, type: type.Output }));
}
