import { Body, Controller, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { SignedInUsers } from '@ticketing/accounts/contracts';
import { actorOf, type SessionRequest } from '../shared/actor.js';
import { ApiAntiForgery, ApiNotFound, ApiValidationFailure, success, ZodResponse } from '@ticketing/wire';
import { ReserveTicketsCommand } from './reserve-tickets.command.js';
import { ReservationFormDto, ReservationIdResponseDto, ReserveTicketsPathDto } from './reserve-tickets.dto.js';
import { CaptchaLangQueryDto } from '../shared/reservation-params.dto.js';

@ApiTags('reservations')
@Controller('api/v2/public')
export class ReserveTicketsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly users: SignedInUsers,
  ) {}

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
    @Query() { lang, 'g-recaptcha-response': recaptchaResponse }: CaptchaLangQueryDto,
    @Body() form: ReservationFormDto,
    @Req() request: SessionRequest,
  ): Promise<ReservationIdResponseDto> {
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
        captcha: form.captcha ?? recaptchaResponse ?? null,
        remoteIp: request.ip,
        actor: actorOf(request),
        // made while signed in: the reservation is the user's (reference 3.3, access rule); looked up only when the
        // request is not refused first (a known sold-out answer)
        ownerUserId: async () => (await this.users.userOf(request.sessionId ?? ''))?.userId ?? null,
      }),
    );
    return success(reservationId);
  }
}
