import { Body, Controller, Delete, HttpCode, Param, Post, Put, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { NotFoundError } from '@ticketing/kernel';
import { actorOf, additionalServiceLinksOf, answersOf, ApiAntiForgery, ApiNotFound, ApiValidationFailure, success, ZodResponse, type SessionRequest } from '@ticketing/wire';
import { SendTicketQueryDto, TicketPathDto, TicketUpdateResponseDto, UpdateTicketOwnerFormDto } from '../get-ticket/ticket.dto.js';
import { ReleaseTicketCommand } from '../release-ticket/release-ticket.command.js';
import { SendTicketCommand } from '../send-ticket/send-ticket.command.js';
import { UpdateTicketCommand } from './update-ticket.command.js';

/** What a ticket's holder (or its buyer) does with it after purchase (reference 34, 35, 36). */
@ApiTags('tickets')
@Controller('api/v2/public/event')
export class TicketActionsController {
  constructor(private readonly commands: CommandBus) {}

  @Put(':eventName/ticket/:ticketIdentifier')
  @ApiOperation({
    operationId: 'updateTicket',
    summary:
      'Assigns the ticket or changes its holder and answers (also those about the supplement items linked to it), with the booking step\'s rules (field errors under the form\'s own names). A locked ticket keeps its names and e-mail; an answer to a field that is not editable stays once given, whatever the form says. ' +
      'A ticket handed to someone else is e-mailed to its new holder. 404 unless the order is complete.',
  })
  @ApiNotFound('Ticket')
  @ApiAntiForgery()
  @ApiValidationFailure()
  @ZodResponse({ status: 200, type: TicketUpdateResponseDto })
  async update(@Param() { eventName, ticketIdentifier }: TicketPathDto, @Body() form: UpdateTicketOwnerFormDto, @Req() request: SessionRequest): Promise<TicketUpdateResponseDto> {
    const updated = await this.commands.execute(
      new UpdateTicketCommand({
        eventShortName: eventName,
        ticketId: ticketIdentifier,
        form: {
          email: form.email ?? null,
          firstName: form.firstName ?? null,
          lastName: form.lastName ?? null,
          fullName: form.fullName ?? null,
          userLanguage: form.userLanguage ?? null,
          additional: answersOf(form.additional),
          additionalServices: additionalServiceLinksOf(form.additionalServices),
        },
        actor: actorOf(request),
      }),
    );
    return success(updated);
  }

  @Delete(':eventName/ticket/:ticketIdentifier')
  @ApiOperation({
    operationId: 'releaseTicket',
    summary:
      'Gives a free ticket back when the event allows it: its seat is on sale again. true also when there is no such ticket or it was released already (a double click); 400 false when it may not be released (paid, not allowed, the event is over, a paid supplement on the order, used).',
  })
  @ApiAntiForgery()
  @ApiValidationFailure()
  @ApiResponse({ status: 200, description: 'Released (or nothing to release).', schema: { type: 'boolean' } })
  @ApiResponse({ status: 400, description: 'Not allowed.', schema: { type: 'boolean' } })
  async release(@Param() { eventName, ticketIdentifier }: TicketPathDto, @Req() request: SessionRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<boolean> {
    const outcome = await this.commands.execute(new ReleaseTicketCommand(eventName, ticketIdentifier, actorOf(request)));
    if (outcome === 'refused') reply.status(400);
    return outcome === 'released';
  }

  @Post(':eventName/ticket/:ticketIdentifier/send-ticket-by-email')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'sendTicketByEmail',
    summary: "E-mails the ticket to its holder, its PDF and calendar entry attached. false when no mail server is configured. 404 unless the order is complete and the ticket assigned.",
  })
  @ApiNotFound('Ticket')
  @ApiAntiForgery()
  @ApiValidationFailure()
  @ApiResponse({ status: 200, description: 'Whether the e-mail was sent.', schema: { type: 'boolean' } })
  async send(@Param() { eventName, ticketIdentifier }: TicketPathDto, @Query() { lang }: SendTicketQueryDto, @Req() request: SessionRequest): Promise<boolean> {
    const sent = await this.commands.execute(new SendTicketCommand(eventName, ticketIdentifier, lang ?? null, actorOf(request)));
    if (sent === null) throw new NotFoundError('ticket', ticketIdentifier);
    return sent;
  }
}
