import type { FastifyRequest } from 'fastify';

/** A request with the visitor session the policies hook attached. */
export type SessionRequest = FastifyRequest & { sessionId?: string };

/** Who asked, for the events' metadata: `session:<id>`, or `anonymous`. */
export const actorOf = (request: SessionRequest): string => (request.sessionId ? `session:${request.sessionId}` : 'anonymous');
