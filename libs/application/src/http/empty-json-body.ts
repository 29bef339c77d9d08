import type { FastifyInstance } from 'fastify';

/** `application/json` with or without parameters (`; charset=utf-8`), as clients send it. */
const JSON_TYPE = /^\s*application\/json\s*(;|$)/i;

/**
 * A call that takes no body (re-send-email, send-ticket-by-email, a ticket's release, back-to-booking...) sent with
 * `Content-Type: application/json` and nothing after it, as HTTP clients with a default JSON header do: the type of
 * an empty body names nothing to parse, so it is dropped and the call goes on as one without a body. Fastify would
 * refuse it with 400 (an empty JSON body), before any route (and after the rate limits counted it). A call that
 * needs a body gets what it gets without one: 422 with the field that is missing.
 */
export function installEmptyJsonBody(fastify: FastifyInstance): void {
  fastify.addHook('onRequest', (request, _reply, done) => {
    const { headers } = request;
    const type = headers['content-type'];
    // no body at all: neither a length nor chunks (as Fastify tells one), or a length of 0
    const empty = headers['transfer-encoding'] === undefined && (headers['content-length'] === undefined || headers['content-length'] === '0');
    if (type !== undefined && empty && JSON_TYPE.test(type)) {
      delete headers['content-type'];
    }
    done();
  });
}
