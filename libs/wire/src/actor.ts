import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/** A request with the visitor session the policies hook attached. */
export type SessionRequest = FastifyRequest & { sessionId?: string };

/**
 * What the log and the read models keep of a session id: its SHA-256. The id is a bearer secret (whoever sends it
 * is the visitor), so it stays out of the log; 256 random bits cannot be recovered from their digest.
 */
export const sessionDigest = (sessionId: string): string => createHash('sha256').update(`session:${sessionId}`).digest('base64url');

/**
 * Who asked, for the events' metadata: `session:<digest of the session id>` (the key of the session's row in the
 * accounts read model, never the id itself: an auditor or an export file must not be able to act as the visitor),
 * or `anonymous`.
 */
export const actorOf = (request: SessionRequest): string => (request.sessionId ? `session:${sessionDigest(request.sessionId)}` : 'anonymous');
