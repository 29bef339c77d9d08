import type { FastifyInstance, FastifyRequest } from 'fastify';
import { QUEUE_TOKEN_HEADER, QUEUE_TOKEN_MISSING_HEADER, QUEUE_TOKEN_MISSING_VALUE } from '@ticketing/queue/contracts';
import type { AdmissionTokens } from '../room/admission-tokens.js';
import type { WaitingRoomSettings } from '../room/waiting-room-settings.js';

const RESERVE_TICKETS = '/api/v2/public/event/:shortName/reserve-tickets';
/** A category's code link reserves a ticket on a GET (a navigation, which carries no token): the room comes first. */
const CODE_LINK = '/api/v2/public/event/:shortName/code/:code';
const TOKEN_HEADER = QUEUE_TOKEN_HEADER.toLowerCase();

/**
 * reserve-tickets on an event with a waiting room needs the admission token of this session: without a valid one
 * it is refused 403 with `Alfio-Queue-Token-Missing: waiting-room`, before the body is parsed or a seat is looked
 * at, so a script cannot skip the line. A category's code link (which reserves on a GET) leads to the event page
 * instead, where the room is. Installed like the human-verification hook (same place in the request).
 *
 * The gate decides on the route the router picked and the event it decoded, never on the text of the URL: the
 * router accepts other spellings of the same path (`reserve%2Dtickets`, `cod%65`) and answers HEAD with the GET
 * handler, and each of them would pass a pattern on the text.
 */
export function installQueueGate(fastify: FastifyInstance, settings: WaitingRoomSettings, tokens: AdmissionTokens, now: () => Date): void {
  fastify.addHook('onRequest', async (request: FastifyRequest & { sessionId?: string }, reply) => {
    const route = request.routeOptions.url;
    const link = route === CODE_LINK && (request.method === 'GET' || request.method === 'HEAD');
    if (!link && !(route === RESERVE_TICKETS && request.method === 'POST')) return undefined;
    const shortName = (request.params as { shortName?: string }).shortName;
    if (!shortName) return undefined;
    const room = await settings.of(shortName);
    if (!room) return undefined;
    if (link) return reply.redirect(`/event/${encodeURIComponent(shortName)}`, 302);
    const header = request.headers[TOKEN_HEADER];
    const token = (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
    if (token !== '' && (await tokens.verify(token, shortName, request.sessionId ?? '', now()))) return undefined;
    return reply.code(403).header(QUEUE_TOKEN_MISSING_HEADER, QUEUE_TOKEN_MISSING_VALUE).header('Access-Control-Allow-Origin', '*').send();
  });
}
