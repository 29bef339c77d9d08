import { applyDecorators, type CanActivate, type ExecutionContext, HttpException, Injectable } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import { SignedInUsers } from '@ticketing/accounts/contracts';
import { isUuid } from '@ticketing/kernel';
import { ReservationLog } from '../reservation/reservation-stream.js';
import type { SessionRequest } from '../shared/actor.js';

/** Reference 1.3: `ReservationAccessDenied`, a 401 with this text. */
export const RESERVATION_ACCESS_DENIED = 'Access to this reservation has been denied';

/** Documents the guard's 401 on each call it covers (the OpenAPI spec checks that none is left out). */
export function ApiReservationAccessDenied(): MethodDecorator {
  return applyDecorators(
    ApiResponse({
      status: 401,
      description: 'The reservation belongs to a signed-in user and the caller is someone else, or not signed in (text/plain).',
      content: { 'text/plain': { schema: { type: 'string', example: RESERVATION_ACCESS_DENIED } } },
    }),
  );
}

/** The calls a buyer's browser makes: the public API and the legacy payment paths of e-mails and pages already out. */
const PUBLIC_PATHS = /^\/api\/(?:v2\/public|reservation|events)\//;

/**
 * Reference 3.3, validateAccessToReservation: a reservation made while signed in belongs to that user, and every other
 * caller of a public call naming `:reservationId` (the storefront's `/api/v2/public/` and the legacy payment paths
 * `/api/reservation/`, `/api/events/`) gets 401: another signed-in user, and an anonymous session too (reference 7,
 * "anonymous access denied for owned reservation"). The owner opening the e-mailed link where they are not signed in
 * is sent to the login by the storefront, which comes back to the page. Anonymous reservations stay open by id alone
 * (the id is the bearer secret). There is no organization owner among the storefront's users: the organizer's and the
 * auditor's APIs have their own keys and are not guarded here. The status lookup (reference 17) checks nothing, as in
 * alf.io.
 */
@Injectable()
export class ReservationAccessGuard implements CanActivate {
  constructor(
    private readonly reservations: ReservationLog,
    private readonly users: SignedInUsers,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<SessionRequest & { params?: Record<string, string> }>();
    const reservationId = request.params?.reservationId;
    const path = request.url.split('?')[0] ?? '';
    if (!reservationId || !isUuid(reservationId) || !PUBLIC_PATHS.test(path) || /\/status$/.test(path)) return true;
    // the owner from the log itself (the reservation's opening), not a read model that may not show a reservation just made
    const owner = await this.reservations.ownerOf(reservationId.toLowerCase());
    if (owner === null) return true;
    const user = request.sessionId ? await this.users.userOf(request.sessionId) : null;
    if (user?.userId !== owner) throw new HttpException(RESERVATION_ACCESS_DENIED, 401);
    return true;
  }
}
