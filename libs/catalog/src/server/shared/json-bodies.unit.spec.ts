import { createZodDto, ZodSerializationException } from 'nestjs-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { JsonBodies } from './json-bodies.js';

class PairDto extends createZodDto(z.object({ b: z.number(), a: z.string() })) {}

describe('JsonBodies', () => {
  it('sends what the zod serializer would: the parsed view (schema order, unknown keys dropped) as JSON', () => {
    const body = new JsonBodies().of(PairDto, { a: 'x', b: 1, internal: true });
    expect(body.toString()).toBe(JSON.stringify(PairDto.schema.parse({ a: 'x', b: 1, internal: true })));
    expect(body.toString()).toBe('{"b":1,"a":"x"}');
  });

  it('serializes a view object once, and a new view again', () => {
    const bodies = new JsonBodies();
    const view = { a: 'x', b: 1 };
    expect(bodies.of(PairDto, view)).toBe(bodies.of(PairDto, view));
    expect(bodies.of(PairDto, { a: 'y', b: 2 }).toString()).toBe('{"b":2,"a":"y"}');
  });

  it('refuses a view that breaks its schema as the serializer does', () => {
    expect(() => new JsonBodies().of(PairDto, { a: 1 })).toThrow(ZodSerializationException);
  });
});
