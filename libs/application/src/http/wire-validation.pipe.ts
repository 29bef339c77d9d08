import { type ArgumentMetadata, Injectable } from '@nestjs/common';
import { ZodValidationException, ZodValidationPipe } from 'nestjs-zod';
import { ZodError } from 'zod';

/**
 * A path segment outside its fixed set of values (`payment/BITCOIN/init`, reference 1.3 "bad path enum/method"):
 * the address names no call, so 400, with the same `validationErrors` body a 422 has.
 */
export class BadPathValueException extends ZodValidationException {}

/** ZodValidationPipe, telling a path value outside its set (400) from any other invalid input (422). */
@Injectable()
export class WireValidationPipe extends ZodValidationPipe {
  override transform(value: unknown, metadata: ArgumentMetadata): unknown {
    try {
      return super.transform(value, metadata);
    } catch (error) {
      if (metadata.type === 'param' && error instanceof ZodValidationException && onlyValuesOutsideTheirSet(error)) {
        throw new BadPathValueException(error.getZodError());
      }
      throw error;
    }
  }
}

function onlyValuesOutsideTheirSet(exception: ZodValidationException): boolean {
  const error = exception.getZodError();
  return error instanceof ZodError && error.issues.length > 0 && error.issues.every((issue) => issue.code === 'invalid_value');
}
