import 'reflect-metadata';
import { HttpCode, Post } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { DECORATORS } from '@nestjs/swagger';
import { createZodDto, ZodSerializationException } from 'nestjs-zod';
import { lastValueFrom, of, type Observable } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ZodResponse } from './zod-response.js';

class PairDto extends createZodDto(z.object({ a: z.number(), b: z.string() })) {}

class Sample {
  readonly extra = 'kept off the answer';

  @Post('pair')
  @ZodResponse({ status: 201, type: PairDto })
  @HttpCode(299) // below: applied first, on the handler before it is wrapped
  async pair(a: number): Promise<PairDto> {
    return { a, b: this.extra, c: 'unknown key' } as PairDto;
  }

  // @ts-expect-error -- nestjs-zod's types allow no Observable answer; Nest does, and so does the wrapper
  @ZodResponse({ status: 200, type: PairDto })
  observed(): Observable<PairDto> {
    return of({ a: 2, b: 'y', c: 'unknown key' } as PairDto);
  }

  @ZodResponse({ status: 200, type: [PairDto] })
  pairs(): PairDto[] {
    return [{ a: 1, b: 'x' }, { a: 'not a number', b: 'y' } as unknown as PairDto];
  }
}

describe('ZodResponse', () => {
  const sample = new Sample();

  it('parses the answer with the DTO schema in the handler: unknown keys stripped, `this` and arguments passed', async () => {
    await expect(sample.pair(7)).resolves.toEqual({ a: 7, b: 'kept off the answer' });
  });

  it('parses the value of an Observable answer, as Nest sends its last one', async () => {
    await expect(lastValueFrom(sample.observed())).resolves.toEqual({ a: 2, b: 'y' });
  });

  it('answers a broken answer with the serializer exception (500), for arrays of DTOs too', () => {
    expect(() => sample.pairs()).toThrow(ZodSerializationException);
  });

  it('keeps the route metadata of the decorators applied before and after it, and the handler name', () => {
    const handler = Sample.prototype.pair;
    expect(handler.name).toBe('pair');
    expect(Reflect.getMetadata(PATH_METADATA, handler)).toBe('pair');
    expect(Reflect.getMetadata(METHOD_METADATA, handler)).toBeDefined();
    // @ZodResponse's status wins over the @HttpCode applied before it, as with nestjs-zod's own
    expect(Reflect.getMetadata(HTTP_CODE_METADATA, handler)).toBe(201);
    expect(Object.keys(Reflect.getMetadata(DECORATORS.API_RESPONSE, handler))).toEqual(['201']);
  });
});
