import { type ArgumentMetadata, Injectable } from '@nestjs/common';
import { ZodValidationException, ZodValidationPipe } from 'nestjs-zod';
import { ZodError } from 'zod';
import { nulTextAt } from './well-formed-text.js';

/**
 * A path segment outside its fixed set of values (`payment/BITCOIN/init`, reference 1.3 "bad path enum/method"):
 * the address names no call, so 400, with the same `validationErrors` body a 422 has.
 */
export class BadPathValueException extends ZodValidationException {}

/**
 * ZodValidationPipe, telling a path value outside its set (400) from any other invalid input (422), and refusing
 * a NUL character in any text of an input as the schema gave it (422 `error.invalidFormat` on the field): the
 * schemas' own codes come first, this rule covers every free-text field and key, whatever its schema says; a
 * value the schema passes over (a `lang` that is no language tag) is not refused for it.
 */
@Injectable()
export class WireValidationPipe extends ZodValidationPipe {
  override transform(value: unknown, metadata: ArgumentMetadata): unknown {
    try {
      const parsed = super.transform(value, metadata);
      if (metadata.type === 'body' || metadata.type === 'query' || metadata.type === 'param') refuseNul(parsed, metadata.data);
      return parsed;
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

/** `name`: the one parameter or field the decorator took (`@Param('id')`), which the path starts with. */
function refuseNul(value: unknown, name: string | undefined): void {
  const at = nulTextAt(value);
  if (at === null) return;
  const path = name === undefined ? at : [name, ...at];
  throw new ZodValidationException(new ZodError([{ code: 'custom', path, message: 'error.invalidFormat', input: undefined }]));
}
