import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import { CatalogOffers } from '@ticketing/catalog/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ReservationQueries } from '../get-reservation/reservation-queries.js';
import { SALES_OPTIONS, type SalesOptions } from '../tokens.js';
import { reservationPageOf } from './reservation-page.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface LinkPath {
  readonly publicIdentifier: string;
  readonly reservationId: string;
}

/**
 * A reservation's bare address (reference 3.9 item 56), which e-mails and the organizer's tools link to: 302 to the
 * storefront page its status asks for, the query kept (a `subscription` parameter among it); an unknown event or
 * subscription goes home, a reservation that is gone, of another event or pass (or an id that cannot be one) to not-found.
 */
@Controller()
export class ReservationLinksController {
  constructor(
    @Inject(SALES_OPTIONS) private readonly options: SalesOptions,
    private readonly catalog: CatalogOffers,
    private readonly reservations: ReservationQueries,
  ) {}

  @Get('event/:publicIdentifier/reservation/:reservationId')
  @ApiExcludeEndpoint()
  async event(@Param() path: LinkPath, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const known = (await this.catalog.purchaseOffer(path.publicIdentifier, null, this.options.clock.now()).catch(() => null)) !== null;
    await this.redirect('event', known, path, request, reply);
  }

  @Get('subscription/:publicIdentifier/reservation/:reservationId')
  @ApiExcludeEndpoint()
  async subscription(@Param() path: LinkPath, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const known = UUID.test(path.publicIdentifier) && (await this.catalog.subscriptionExists(path.publicIdentifier).catch(() => false));
    await this.redirect('subscription', known, path, request, reply);
  }

  private async redirect(
    type: 'event' | 'subscription',
    known: boolean,
    { publicIdentifier, reservationId }: LinkPath,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<void> {
    reply.header('Cache-Control', 'no-store');
    if (!known) return void (await reply.redirect('/', 302));
    // a reservation of another event or pass is not found here: its page would show that one's prices and payment details
    const status = UUID.test(reservationId) ? await this.reservations.statusIn(type, publicIdentifier, reservationId).catch(() => null) : null;
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const page = reservationPageOf(status);
    await reply.redirect(`/${type}/${encodeURIComponent(publicIdentifier)}/reservation/${encodeURIComponent(reservationId)}/${page}${query}`, 302);
  }
}
