import { Body, Controller, Delete, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiHeader, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { actorOf, type SessionRequest } from './actor.js';
import { ApiAntiForgery, ApiNotFound, ApiValidationFailure, success, ZodResponse } from '@ticketing/wire';
import { CancelReservationCommand } from '../commands/cancel-reservation/cancel-reservation.command.js';
import { ReserveTicketsCommand } from '../commands/reserve-tickets/reserve-tickets.command.js';
import {
  ReservationFormDto,
  ReservationIdPathDto,
  ReservationIdResponseDto,
  ReserveTicketsPathDto,
  ReserveTicketsQueryDto,
} from './reservation-form.dtos.js';

@ApiTags('reservations')
@Controller('api/v2/public')
export class ReservationsController {
  constructor(private readonly commands: CommandBus) {}

  @Post('event/:shortName/reserve-tickets')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'reserveTickets',
    summary:
      'Reserves the selected tickets (and supplements): seats are held until the reservation expires (the event validity, default 25 minutes). ' +
      'All or nothing. 422 with the selection error codes of the reference, in its order.',
  })
  @ApiHeader({ name: 'Alfio-Verification', required: false, description: 'Turnstile token, when human verification is enabled (403 with Alfio-Verification-Missing otherwise).' })
  @ApiNotFound('Event')
  @ApiValidationFailure()
  @ApiAntiForgery()
  @ZodResponse({ status: 200, type: ReservationIdResponseDto })
  async reserveTickets(
    @Param() { shortName }: ReserveTicketsPathDto,
    @Query() { lang }: ReserveTicketsQueryDto,
    @Body() form: ReservationFormDto,
    @Req() request: SessionRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ReservationIdResponseDto> {
    // alf.io sends the CORS header on this call's 422 (reference 1.4); on every answer here
    reply.header('Access-Control-Allow-Origin', '*');
    const reservationId = await this.commands.execute(
      new ReserveTicketsCommand({
        eventShortName: shortName,
        language: lang,
        selection: form.reservation.map((line) => ({
          categoryId: line.ticketCategoryId,
          quantity: line.amount ?? line.quantity ?? 0,
          metadata: line.metadata ?? [],
        })),
        services: (form.additionalService ?? []).map((s) => ({
          serviceId: s.additionalServiceId,
          quantity: s.quantity,
          amount: s.amount === null || s.amount === undefined ? null : String(s.amount),
        })),
        promoCode: form.promoCode?.trim() ? form.promoCode.trim() : null,
        captcha: form.captcha ?? null,
        remoteIp: request.ip,
        actor: actorOf(request),
        ownerUserId: null,
      }),
    );
    return success(reservationId);
  }

  @Delete('reservation/:reservationId')
  @ApiOperation({
    operationId: 'cancelPendingReservation',
    summary: 'Cancels a pending reservation and gives its seats back. Always 200 true, as alf.io (also for unknown or no longer pending ones).',
  })
  @ApiAntiForgery()
  @ApiValidationFailure()
  @ApiResponse({ status: 200, description: 'Always true.', schema: { type: 'boolean' } })
  async cancel(@Param() { reservationId }: ReservationIdPathDto, @Req() request: SessionRequest): Promise<boolean> {
    await this.commands.execute(new CancelReservationCommand(reservationId, actorOf(request)));
    return true;
  }
}
