import type { FastifyReply } from 'fastify';
import { ZodSerializationException, type ZodDto } from 'nestjs-zod';

/**
 * The JSON bytes of a view as the zod serializer and Fastify would send them (parsed by the DTO's schema,
 * so validated and stripped of unknown keys, then JSON.stringify), made once per view object. CatalogQueries
 * hands out the same view object while its inputs stand, so a hot read sends kept bytes.
 */
export class JsonBodies {
  private readonly bodies = new WeakMap<object, Buffer>();

  of(dto: ZodDto, view: object): Buffer {
    let body = this.bodies.get(view);
    if (!body) this.bodies.set(view, (body = Buffer.from(JSON.stringify(validated(dto, view)))));
    return body;
  }
}

/** A view that breaks its schema is our bug: answered 500, as the serializer answers it. */
function validated(dto: ZodDto, view: object): unknown {
  try {
    return dto.schema.parse(view);
  } catch (error) {
    throw new ZodSerializationException(error);
  }
}

/** Fastify sends a Buffer as it is; the content type says what it is (as Fastify says it for JSON). */
export function sendJson(reply: FastifyReply, body: Buffer): Buffer {
  reply.header('Content-Type', 'application/json; charset=utf-8');
  return body;
}
