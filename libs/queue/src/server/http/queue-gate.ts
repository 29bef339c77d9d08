import type { FastifyInstance, FastifyRequest } from 'fastify';
import { QUEUE_TOKEN_HEADER, QUEUE_TOKEN_MISSING_HEADER, QUEUE_TOKEN_MISSING_VALUE } from '@ticketing/queue/contracts';
import type { AdmissionTokens } from '../room/admission-tokens.js';
import type { WaitingRoomSettings } from '../room/waiting-room-settings.js';

const RESERVE_TICKETS = /^\/api\/v2\/public\/event\/([^/?]+)\/reserve-tickets(?:\?|$)/;
/** A category's code link reserves a ticket on a GET (a navigation, which carries no token): the room comes first. */
const CODE_LINK = /^\/api\/v2\/public\/event\/([^/?]+)\/code\/[^/?]+(?:\?|$)/;
const TOKEN_HEADER = QUEUE_TOKEN_HEADER.toLowerCase();

/**
 * reserve-tickets on an event with a waiting room needs the admission token of this session: without a valid one
 * it is refused 403 with `Alfio-Queue-Token-Missing: waiting-room`, before the body is parsed or a seat is looked
 * at, so a script cannot skip the line. A category's code link (which reserves on a GET) leads to the event page
 * instead, where the room is. Installed like the human-verification hook (same place in the request).
 */
export function installQueueGate(fastify: FastifyInstance, settings: WaitingRoomSettings, tokens: AdmissionTokens, now: () => Date): void {
  fastify.addHook('onRequest', async (request: FastifyRequest & { sessionId?: string }, reply) => {
    const link = request.method === 'GET' ? CODE_LINK.exec(request.url) : null;
    const match = link ?? (request.method === 'POST' ? RESERVE_TICKETS.exec(request.url) : null);
    if (!match) return undefined;
    let shortName: string;
    try {
      shortName = decodeURIComponent(match[1]!);
    } catch {
      return undefined;
    }
    const room = await settings.of(shortName);
    if (!room) return undefined;
    if (link) return reply.redirect(`/event/${encodeURIComponent(shortName)}`, 302);
    const header = request.headers[TOKEN_HEADER];
    const token = (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
    if (token !== '' && (await tokens.verify(token, shortName, request.sessionId ?? '', now()))) return undefined;
    return reply.code(403).header(QUEUE_TOKEN_MISSING_HEADER, QUEUE_TOKEN_MISSING_VALUE).header('Access-Control-Allow-Origin', '*').send();
  });
}
