import { type CanActivate, type ExecutionContext, HttpException, Inject, Injectable } from '@nestjs/common';
import { SignedInUsers } from '@ticketing/accounts/contracts';
import type { EventStore } from '@ticketing/event-store';
import { isUuid } from '@ticketing/kernel';
import { reservationStreamId, type ReservationOpened } from '@ticketing/sales/domain';
import type { SessionRequest } from '../shared/actor.js';
import { SALES_EVENT_STORE } from '../tokens.js';

/** Reference 1.3: `ReservationAccessDenied`, a 401 with this text. */
export const RESERVATION_ACCESS_DENIED = 'Access to this reservation has been denied';

/**
 * Reference 3.3, validateAccessToReservation: a reservation made while signed in belongs to that user, and another
 * signed-in user reading or changing it (any public call naming `:reservationId`) gets 401. An anonymous session keeps
 * access by id, as alf.io's does: the id is the bearer secret of the link in the confirmation e-mail, which must
 * keep working in a browser where the owner is not signed in. The status lookup (reference 17) checks nothing, as
 * in alf.io; the organizer's API has its own keys.
 */
@Injectable()
export class ReservationAccessGuard implements CanActivate {
  constructor(
    @Inject(SALES_EVENT_STORE) private readonly store: EventStore,
    private readonly users: SignedInUsers,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<SessionRequest & { params?: Record<string, string> }>();
    const reservationId = request.params?.reservationId;
    const path = request.url.split('?')[0] ?? '';
    if (!reservationId || !isUuid(reservationId) || !path.startsWith('/api/') || path.startsWith('/api/v2/organizer/') || /\/status$/.test(path)) return true;
    if (!request.sessionId) return true;
    // the owner from the log itself (the stream's first event), not a read model that may not show a reservation just made
    const [opened] = await this.store.readStream(reservationStreamId(reservationId.toLowerCase()), { maxCount: 1 });
    const owner = opened?.type === 'ReservationOpened' ? ((opened.data as ReservationOpened['data']).ownerUserId ?? null) : null;
    if (owner === null) return true;
    const user = await this.users.userOf(request.sessionId);
    if (user !== null && user.userId !== owner) throw new HttpException(RESERVATION_ACCESS_DENIED, 401);
    return true;
  }
}
