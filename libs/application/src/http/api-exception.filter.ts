import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ZodValidationException } from 'nestjs-zod';
import { ZodError } from 'zod';
import { WrongExpectedRevisionError } from '@ticketing/event-store';
import { isDatabaseUnavailable } from '@ticketing/postgres';
import { BadRequestError, DomainError, NotFoundError, RuleViolations } from '@ticketing/kernel';
import { failure, positionalArguments, RefusalWithValue } from '@ticketing/wire';
import { descriptorsOf } from './zod-issues.js';
import { replyUnavailable, replyWithFrameworkError, statusOfFrameworkError } from './framework-errors.js';
import { BadPathValueException } from './wire-validation.pipe.js';

/**
 * The one place where failures become the wire format (reference 1.2-1.3): validation -> 422 with
 * `validationErrors` (400 when only a path value is outside its set: the address names no call), a domain rule ->
 * 422 with its stable code, a missing entity -> 404 with an empty body, a lookup alf.io refuses with 400 -> 400
 * with its text/plain message,
 * a stream that kept changing under a command after its retries (handleCommand decides again on each wrong
 * expected revision, a few times) -> 409: the buyer's other click won, this one may be sent again. The database
 * out of reach (restarting, cut off) -> 503 with a Retry-After: the same call may be sent again once it is back.
 * Anything unexpected is logged with its stack and answered 500 without internals.
 */
/** The code of a 409: the same order (or ticket, or pass) changed by another call at the same moment. */
export const CONCURRENT_UPDATE = 'error.concurrentUpdate';

@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('ApiExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<FastifyReply>();
    if (exception instanceof ZodValidationException) {
      const error = exception.getZodError();
      const issues = error instanceof ZodError ? error.issues : [];
      reply.code(exception instanceof BadPathValueException ? 400 : 422).send(failure(descriptorsOf(issues, 'request')));
      return;
    }
    if (exception instanceof BadRequestError) {
      reply.code(400).header('content-type', 'text/plain; charset=utf-8').send(exception.text);
      return;
    }
    if (exception instanceof RuleViolations) {
      const errors = exception.violations.map((v) => ({ fieldName: v.field, code: v.code, arguments: positionalArguments(v.args) }));
      reply.code(422).send(exception instanceof RefusalWithValue ? failure(errors, exception.value, exception.warnings) : failure(errors));
      return;
    }
    if (exception instanceof DomainError) {
      reply.code(422).send(
        failure([{ fieldName: exception.field ?? 'request', code: exception.code, arguments: positionalArguments(exception.args) }]),
      );
      return;
    }
    if (exception instanceof WrongExpectedRevisionError) {
      this.logger.warn(`refused after retries, ${exception.message}`);
      reply.code(409).send(failure([{ fieldName: 'request', code: CONCURRENT_UPDATE, arguments: null }]));
      return;
    }
    if (exception instanceof NotFoundError) {
      reply.code(404).send();
      return;
    }
    if (exception instanceof HttpException) {
      // a 401 that says why (reference 1.3: `Access to this reservation has been denied`), as text/plain
      const response = exception.getResponse();
      if (exception.getStatus() === 401 && typeof response === 'string') {
        reply.code(401).header('content-type', 'text/plain; charset=utf-8').send(response);
        return;
      }
      // a 5xx of our own making (an answer that breaks its schema: ZodSerializationException) is a bug to see
      if (exception.getStatus() >= 500) this.logger.error(exception.stack ?? exception.message);
      replyWithFrameworkError(reply, exception.getStatus());
      return;
    }
    if (isDatabaseUnavailable(exception)) {
      this.logger.warn(`service unavailable, the database (or another dependency) out of reach: ${exception instanceof Error ? exception.message : String(exception)}`);
      replyUnavailable(reply);
      return;
    }
    const frameworkStatus = statusOfFrameworkError(exception);
    if (frameworkStatus !== undefined) {
      replyWithFrameworkError(reply, frameworkStatus);
      return;
    }
    this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    replyWithFrameworkError(reply, 500);
  }
}
