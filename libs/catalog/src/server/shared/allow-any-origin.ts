import type { FastifyReply } from 'fastify';

/** alf.io adds only this CORS header (no preflight) on the three event reads (reference 1.4). */
export function allowAnyOrigin(reply: FastifyReply): void {
  reply.header('Access-Control-Allow-Origin', '*');
}
