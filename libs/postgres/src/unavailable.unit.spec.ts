import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './unavailable.js';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['refused', withCode('ECONNREFUSED')],
    ['reset', withCode('ECONNRESET')],
    ['admin shutdown (57P01)', withCode('57P01', 'terminating connection due to administrator command')],
    ['starting up (57P03)', withCode('57P03', 'the database system is starting up')],
    ['too many connections (53300)', withCode('53300')],
    ['connection failure (08006)', withCode('08006')],
    ['cut off mid-query', new Error('Connection terminated unexpectedly')],
    ['no connection free in time', new Error('timeout exceeded when trying to connect')],
    ['a client that met an error before', new Error('Client has encountered a connection error and is not queryable')],
    ['wrapped', new Error('append failed', { cause: withCode('ECONNREFUSED') })],
    ['every address refused', new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')])],
  ])('%s: yes', (_, error) => expect(isDatabaseUnavailable(error)).toBe(true));

  it.each([
    ['a unique violation', withCode('23505')],
    ['a syntax error', withCode('42601')],
    ['a serialization failure (a conflict, not an outage)', withCode('40001')],
    ['a plain error', new Error('boom')],
    ['not an error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('%s: no', (_, error) => expect(isDatabaseUnavailable(error)).toBe(false));
});
