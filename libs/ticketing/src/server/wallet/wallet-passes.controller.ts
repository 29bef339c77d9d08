import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { applePass, googleWalletSaveUrl } from '@ticketing/documents';
import { NotFoundError, zonedInstant } from '@ticketing/kernel';
import { ApiNotFound, ApiValidationFailure } from '@ticketing/wire';
import { createHash } from 'node:crypto';
import { categoryNameOf } from '../get-ticket/ticket-queries.js';
import { WalletPassPathDto } from '../get-ticket/ticket.dto.js';
import { documentLanguageOf } from '../tickets/ticket-document.js';
import { TicketLookup, type ShowableTicket } from '../tickets/ticket-lookup.js';
import { TICKETING_OPTIONS, type TicketingOptions } from '../tokens.js';

/** Wallet passes of a ticket (reference 60): Apple's .pkpass and Google's save link, when configured. */
@ApiTags('tickets')
@Controller()
export class WalletPassesController {
  constructor(
    @Inject(TICKETING_OPTIONS) private readonly options: TicketingOptions,
    private readonly lookup: TicketLookup,
  ) {}

  @Get('api/pass/event/:eventName/v1/version/passes/:ticketUuid')
  @ApiOperation({ operationId: 'downloadApplePass', summary: 'The ticket as an Apple Wallet pass (signed .pkpass). 404 when Apple Wallet is not configured or the ticket cannot be shown.' })
  @ApiResponse({ status: 200, description: 'Passbook-<8 chars>.pkpass', content: { 'application/vnd.apple.pkpass': { schema: { type: 'string', format: 'binary' } } } })
  @ApiNotFound('Ticket')
  @ApiValidationFailure()
  async apple(@Param() { eventName, ticketUuid }: WalletPassPathDto, @Res() reply: FastifyReply): Promise<void> {
    const signing = this.options.wallet.apple;
    const found = signing ? await this.lookup.showable(eventName, ticketUuid) : null;
    if (!signing || !found) throw new NotFoundError('ticket', ticketUuid);
    const language = documentLanguageOf(found);
    const pass = await applePass(
      {
        serialNumber: found.ticket.ticketId,
        description: this.title(found),
        organizerName: found.offer.organizer?.name ?? this.title(found),
        eventTitle: this.title(found),
        relevantDate: zonedInstant(found.offer.event.start, found.offer.event.timeZone).toISOString(),
        location: found.offer.event.location,
        holderName: `${found.ticket.holder.firstName} ${found.ticket.holder.lastName}`.trim(),
        categoryName: categoryNameOf(found, language),
        reference: found.order.shortId,
        qrText: await this.lookup.codeOf(found),
        language,
      },
      signing,
    );
    const name = createHash('sha256').update(found.ticket.ticketId).digest('hex').slice(0, 8);
    reply
      .header('Content-Type', 'application/vnd.apple.pkpass')
      .header('Content-Disposition', `attachment; filename=Passbook-${name}.pkpass`)
      .header('X-Robots-Tag', 'noindex')
      .header('Cache-Control', 'no-store')
      .send(pass);
  }

  @Get('api/wallet/event/:eventName/v1/version/passes/:ticketUuid')
  @ApiOperation({ operationId: 'openGoogleWalletPass', summary: "Redirects to Google Wallet's page that saves the ticket (a save link signed with the service account's key). 404 when not configured or the ticket cannot be shown." })
  @ApiResponse({ status: 302, description: 'Location: https://pay.google.com/gp/v/save/<JWT>.' })
  @ApiNotFound('Ticket')
  @ApiValidationFailure()
  async google(@Param() { eventName, ticketUuid }: WalletPassPathDto, @Res() reply: FastifyReply): Promise<void> {
    const account = this.options.wallet.google;
    const found = account ? await this.lookup.showable(eventName, ticketUuid) : null;
    if (!account || !found) throw new NotFoundError('ticket', ticketUuid);
    const { event } = found.offer;
    const language = documentLanguageOf(found);
    const url = await googleWalletSaveUrl(
      {
        objectSuffix: found.ticket.ticketId,
        classSuffix: `event-${event.shortName}`,
        eventTitle: this.title(found),
        organizerName: found.offer.organizer?.name ?? '',
        start: zonedInstant(event.start, event.timeZone).toISOString(),
        end: zonedInstant(event.end, event.timeZone).toISOString(),
        location: event.location,
        holderName: `${found.ticket.holder.firstName} ${found.ticket.holder.lastName}`.trim(),
        categoryName: categoryNameOf(found, language),
        reference: found.order.shortId,
        qrText: await this.lookup.codeOf(found),
        language,
        issuedAt: this.options.clock.now(),
      },
      { ...account, origins: [this.options.publicBaseUrl] },
    );
    reply.header('Cache-Control', 'no-store').redirect(url, 302);
  }

  private title(found: ShowableTicket): string {
    const { event } = found.offer;
    return event.title[documentLanguageOf(found)] ?? event.displayName;
  }
}
