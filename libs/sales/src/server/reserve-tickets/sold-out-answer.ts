import type { FastifyInstance, preHandlerHookHandler } from 'fastify';
import { CATEGORY_NOT_SALEABLE, NOT_ENOUGH_TICKETS, type SeatsRefusal } from '@ticketing/sales/domain';
import { failure, langParam } from '@ticketing/wire';
import type { InventoryDesk } from '../inventory/inventory-desk.js';
import { reservationFormSchema } from './reserve-tickets.dto.js';

/** The reserve-tickets route as Fastify names it (ReserveTicketsController). */
export const RESERVE_TICKETS_ROUTE = '/api/v2/public/event/:shortName/reserve-tickets';

/**
 * After a sell-out nearly every call to reserve-tickets is a refusal. This answers, on the route itself and before
 * the framework's pipeline (guards, pipes, the command bus, the exception filter), the ones the inventory just
 * refused (InventoryDesk.knownSoldOut): the same 422 the handler gives, the same CORS header. Everything else (a code,
 * a supplement, a body the schema refuses, a category not known sold out) goes on to the controller. It runs after
 * the request hooks (anti-forgery, human verification, rate limits): a refusal here never skips a check that refuses
 * earlier. Install before the routes are added (an onRoute hook, like the compression's).
 *
 * The route's CORS header is added here too, before either: alf.io sends it on this call's 422 (reference 1.4), and a
 * 422 of the form's schema is answered by the framework before the controller runs.
 */
export function installSoldOutAnswers(fastify: FastifyInstance, desk: InventoryDesk): void {
  const body = (code: string) => JSON.stringify(failure([{ fieldName: 'reservationForm', code, arguments: null }]));
  const answers: Readonly<Record<SeatsRefusal, string>> = { [NOT_ENOUGH_TICKETS]: body(NOT_ENOUGH_TICKETS), [CATEGORY_NOT_SALEABLE]: body(CATEGORY_NOT_SALEABLE) };
  const answer: preHandlerHookHandler = (request, reply, done) => {
    const { shortName } = request.params as { shortName?: string };
    const { lang } = request.query as { lang?: unknown };
    if (shortName === undefined || !langParam.safeParse(lang).success) return done();
    const parsed = reservationFormSchema.safeParse(request.body);
    if (!parsed.success) return done();
    const form = parsed.data;
    if (form.promoCode?.trim() || (form.additionalService?.length ?? 0) > 0) return done();
    const lines = form.reservation.map((line) => ({ categoryId: line.ticketCategoryId, quantity: line.amount ?? line.quantity ?? 0 }));
    const known = desk.knownSoldOut(shortName, lines);
    if (!known) return done();
    reply.code(422).header('content-type', 'application/json; charset=utf-8').send(answers[known]);
  };
  const allowAnyOrigin: preHandlerHookHandler = (_request, reply, done) => {
    reply.header('Access-Control-Allow-Origin', '*');
    done();
  };
  fastify.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (route.url !== RESERVE_TICKETS_ROUTE || !methods.includes('POST')) return;
    route.preHandler = [...(route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]), allowAnyOrigin, answer];
  });
}
