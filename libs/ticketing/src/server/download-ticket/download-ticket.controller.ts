import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiExcludeEndpoint, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ticketCodePng } from '@ticketing/documents';
import { ApiValidationFailure } from '@ticketing/wire';
import { TicketPathDto } from '../get-ticket/ticket.dto.js';
import { TicketLookup } from '../tickets/ticket-lookup.js';
import { TicketMailer } from '../send-ticket/ticket-mailer.js';

/** A ticket's binaries (reference 37, 38): answered 403 unless the order is complete and the ticket assigned. */
@ApiTags('tickets')
@Controller()
export class DownloadTicketController {
  constructor(
    private readonly lookup: TicketLookup,
    private readonly mailer: TicketMailer,
  ) {}

  @Get('api/v2/public/event/:eventName/ticket/:ticketIdentifier/download-ticket')
  @ApiOperation({ operationId: 'downloadTicket', summary: "The ticket as a PDF in its holder's language: event, holder, category, order, QR code, supplements, desk-payment notice." })
  @ApiResponse({ status: 200, description: 'ticket-<uuid>.pdf, as an attachment.', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } })
  @ApiResponse({ status: 403, description: 'No such ticket to show: unknown, order not complete, or no holder.' })
  @ApiValidationFailure()
  async download(@Param() { eventName, ticketIdentifier }: TicketPathDto, @Res() reply: FastifyReply): Promise<void> {
    const found = await this.lookup.showable(eventName, ticketIdentifier);
    if (!found) return void reply.status(403).header('X-Robots-Tag', 'noindex').send();
    const { filename, pdf } = await this.mailer.render(found);
    reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `attachment; filename=${filename}`)
      .header('X-Robots-Tag', 'noindex')
      .header('Cache-Control', 'no-store')
      .send(pdf);
  }

  @Get('api/v2/public/event/:eventName/ticket/:ticketIdentifier/code.png')
  @ApiOperation({ operationId: 'getTicketCode', summary: "The ticket's QR code (the ticket code, which changes with its holder)." })
  @ApiResponse({ status: 200, description: 'QR code.', content: { 'image/png': { schema: { type: 'string', format: 'binary' } } } })
  @ApiResponse({ status: 403, description: 'No such ticket to show.' })
  @ApiValidationFailure()
  code(@Param() path: TicketPathDto, @Res() reply: FastifyReply): Promise<void> {
    return this.sendCode(path, reply);
  }

  @Get('event/:eventName/ticket/:ticketIdentifier/code.png')
  @ApiExcludeEndpoint()
  codeAlias(@Param() path: TicketPathDto, @Res() reply: FastifyReply): Promise<void> {
    return this.sendCode(path, reply);
  }

  private async sendCode({ eventName, ticketIdentifier }: TicketPathDto, reply: FastifyReply): Promise<void> {
    const found = await this.lookup.showable(eventName, ticketIdentifier);
    if (!found) return void reply.status(403).header('X-Robots-Tag', 'noindex').send();
    const png = await ticketCodePng(await this.lookup.codeOf(found));
    reply.header('Content-Type', 'image/png').header('X-Robots-Tag', 'noindex').header('Cache-Control', 'no-store').send(png);
  }
}
