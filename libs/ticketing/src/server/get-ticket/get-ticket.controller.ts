import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { NotFoundError } from '@ticketing/kernel';
import { ApiNotFound, ApiValidationFailure, ZodResponse } from '@ticketing/wire';
import { CheckInInfoPathDto, CheckInInfoQueryDto, OnlineCheckInInfoDto, TicketInfoDto, TicketPathDto, TicketsByTicketCategoryDto } from './ticket.dto.js';
import { TicketQueries } from './ticket-queries.js';

/** A ticket as its own pages show it (reference 32, 33, 39). */
@ApiTags('tickets')
@Controller('api/v2/public/event')
export class GetTicketController {
  constructor(private readonly tickets: TicketQueries) {}

  @Get(':eventName/ticket/:ticketIdentifier')
  @ApiOperation({ operationId: 'getTicketInfo', summary: 'The ticket: holder, category, order, event dates, supplements. 404 unless its order is complete and it names a holder.' })
  @ApiNotFound('Ticket')
  @ApiValidationFailure()
  @ZodResponse({ status: 200, type: TicketInfoDto })
  async info(@Param() { eventName, ticketIdentifier }: TicketPathDto): Promise<TicketInfoDto> {
    const info = await this.tickets.info(eventName, ticketIdentifier);
    if (!info) throw new NotFoundError('ticket', ticketIdentifier);
    return info;
  }

  @Get(':eventName/ticket/:ticketIdentifier/full')
  @ApiOperation({
    operationId: 'getTicketFull',
    summary: 'The ticket as its order lists it (its category with this ticket alone: flags, holder, questions, online check-in date). 404 unless the order is complete.',
  })
  @ApiNotFound('Ticket')
  @ApiValidationFailure()
  @ZodResponse({ status: 200, type: TicketsByTicketCategoryDto })
  async full(@Param() { eventName, ticketIdentifier }: TicketPathDto): Promise<TicketsByTicketCategoryDto> {
    const full = await this.tickets.full(eventName, ticketIdentifier);
    if (!full) throw new NotFoundError('ticket', ticketIdentifier);
    return full;
  }

  @Get(':eventName/ticket/:ticketIdentifier/code/:checkInCode/check-in-info')
  @ApiOperation({
    operationId: 'getTicketOnlineCheckInInfo',
    summary: "When an online ticket's check-in opens and closes (its join link, else the event's dates), formatted in the browser's zone. 404 unless the code matches.",
  })
  @ApiNotFound('Ticket')
  @ApiValidationFailure()
  @ZodResponse({ status: 200, type: OnlineCheckInInfoDto })
  async checkInInfo(@Param() { eventName, ticketIdentifier, checkInCode }: CheckInInfoPathDto, @Query() { tz }: CheckInInfoQueryDto): Promise<OnlineCheckInInfoDto> {
    const info = await this.tickets.checkInInfo(eventName, ticketIdentifier, checkInCode, tz ?? null);
    if (!info) throw new NotFoundError('ticket', ticketIdentifier);
    return info;
  }
}
