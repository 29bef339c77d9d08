import type { FastifyInstance, FastifyRequest } from 'fastify';
import { QUEUE_TOKEN_HEADER, QUEUE_TOKEN_MISSING_HEADER, QUEUE_TOKEN_MISSING_VALUE } from '@ticketing/queue/contracts';
import type { AdmissionTokens } from '../room/admission-tokens.js';
import type { WaitingRoomSettings } from '../room/waiting-room-settings.js';

const RESERVE_TICKETS = /^\/api\/v2\/public\/event\/([^/?]+)\/reserve-tickets(?:\?|$)/;
const TOKEN_HEADER = QUEUE_TOKEN_HEADER.toLowerCase();

/**
 * reserve-tickets on an event with a waiting room needs the admission token of this session: without a valid one
 * it is refused 403 with `Alfio-Queue-Token-Missing: waiting-room`, before the body is parsed or a seat is looked
 * at, so a script cannot skip the line. Installed like the human-verification hook (same place in the request).
 */
export function installQueueGate(fastify: FastifyInstance, settings: WaitingRoomSettings, tokens: AdmissionTokens, now: () => Date): void {
  fastify.addHook('onRequest', async (request: FastifyRequest & { sessionId?: string }, reply) => {
    if (request.method !== 'POST') return undefined;
    const match = RESERVE_TICKETS.exec(request.url);
    if (!match) return undefined;
    let shortName: string;
    try {
      shortName = decodeURIComponent(match[1]!);
    } catch {
      return undefined;
    }
    const room = await settings.of(shortName);
    if (!room) return undefined;
    const header = request.headers[TOKEN_HEADER];
    const token = (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
    if (token !== '' && (await tokens.verify(token, shortName, request.sessionId ?? '', now()))) return undefined;
    return reply.code(403).header(QUEUE_TOKEN_MISSING_HEADER, QUEUE_TOKEN_MISSING_VALUE).header('Access-Control-Allow-Origin', '*').send();
  });
}
