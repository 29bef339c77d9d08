import { afterEach, describe, expect, it } from 'vitest';
import { DomainError, NotFoundError, RuleViolations } from './errors.js';

const notEnough = { code: 'error.STEP_1_NOT_ENOUGH_TICKETS', field: 'reservationForm', args: [2] };

describe('domain errors', () => {
  it('carry their code, field and arguments, and are still Errors', () => {
    const error = new DomainError('error.STEP_1_CODE_NOT_FOUND', 'promoCode', ['X']);
    expect(error).toBeInstanceOf(Error);
    expect(error).toBeInstanceOf(DomainError);
    expect([error.name, error.message, error.code, error.field, error.args]).toEqual(['DomainError', 'error.STEP_1_CODE_NOT_FOUND', 'error.STEP_1_CODE_NOT_FOUND', 'promoCode', ['X']]);
    expect(new DomainError('error.x').args).toEqual([]);
  });

  it('report every violation and take the first as their own code', () => {
    const error = new RuleViolations([notEnough, { code: 'error.other', field: 'email', args: [] }]);
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toBeInstanceOf(Error);
    expect([error.name, error.code, error.field, error.args, error.violations.length]).toEqual(['RuleViolations', notEnough.code, 'reservationForm', [2], 2]);
    expect(new RuleViolations([]).code).toBe('error.generic');
  });

  it('name what was not found', () => {
    const error = new NotFoundError('event', 'gala');
    expect(error).toBeInstanceOf(Error);
    expect([error.name, error.message, error.what, error.id]).toEqual(['NotFoundError', 'event gala not found', 'event', 'gala']);
  });
});

describe('the stack of an answer', () => {
  const limit = Error.stackTraceLimit;
  afterEach(() => {
    Error.stackTraceLimit = limit;
  });

  it('is only its name and message: no frames are captured', () => {
    for (const error of [new DomainError('error.x'), new RuleViolations([notEnough]), new NotFoundError('event', 'gala')]) {
      expect(error.stack).toBe(`${error.name}: ${error.message}`);
    }
  });

  it('leaves other errors their frames and the limit as it was', () => {
    Error.stackTraceLimit = 7;
    new RuleViolations([notEnough]);
    new NotFoundError('event', 'gala');
    expect(Error.stackTraceLimit).toBe(7);
    expect(new Error('unexpected').stack).toMatch(/\n\s+at /);
  });
});
