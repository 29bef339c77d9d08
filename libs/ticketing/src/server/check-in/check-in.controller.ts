import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { actorOf, type SessionRequest } from '@ticketing/wire';
import { CheckInInfoPathDto } from '../get-ticket/ticket.dto.js';
import { CheckInCommand } from './check-in.command.js';

/** The link in an online ticket's e-mail (reference 58): a redirect, not an API call. */
@Controller()
export class CheckInController {
  constructor(private readonly commands: CommandBus) {}

  @Get('event/:eventName/ticket/:ticketIdentifier/check-in/:checkInCode')
  @ApiExcludeEndpoint()
  async checkIn(@Param() { eventName, ticketIdentifier, checkInCode }: CheckInInfoPathDto, @Req() request: SessionRequest, @Res() reply: FastifyReply): Promise<void> {
    const target = await this.commands.execute(new CheckInCommand(eventName, ticketIdentifier, checkInCode, actorOf(request)));
    reply.header('Cache-Control', 'no-store').redirect(target, 302);
  }
}
