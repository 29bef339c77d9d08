import { Body, Controller, Delete, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAntiForgery, ApiNotFound, ApiValidationFailure, failure, success, ZodResponse } from '@ticketing/wire';
import { actorOf, type SessionRequest } from '../shared/actor.js';
import { ReservationIdPathDto } from '../shared/reservation-params.dto.js';
import { ApplyCodeCommand, RemoveCodeCommand } from './apply-code.command.js';
import { ApplyCodeResponseDto, RemoveCodeQueryDto, ReservationCodeFormDto } from './apply-code.dto.js';
import { ApiReservationAccessDenied } from '../reservation-access/reservation-access.guard.js';

@ApiTags('reservations')
@Controller('api/v2/public')
export class ApplyCodeController {
  constructor(private readonly commands: CommandBus) {}

  @Post('reservation/:reservationId/apply-code')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'applyCode',
    summary:
      "Pays for tickets of a pending event order with a pass (subscription), found by its id or by its PIN within the event's organizer: " +
      'the first `amount` tickets that cost something become free and the order summary gains an APPLIED_SUBSCRIPTION row. ' +
      'Answered 200 even when refused, with value false and the reason: error.restrictedValue (not a PIN), subscription.uuid.not.found, ' +
      'subscription.pin.not.found, subscription.not.acquired, subscription.not.valid (not valid yet), subscription.expired, ' +
      'subscription.max-usage-reached, subscription.max-usage-reached-per-event. False without a reason when the order is not pending, ' +
      'already has a pass applied, buys a pass itself, is for an event the pass is not linked to or has no ticket to pay for. Guesses are rate-limited (429).',
  })
  @ApiNotFound('Reservation')
  @ApiReservationAccessDenied()
  @ApiValidationFailure()
  @ApiAntiForgery()
  @ZodResponse({ status: 200, type: ApplyCodeResponseDto })
  async applyCode(@Param() { reservationId }: ReservationIdPathDto, @Body() form: ReservationCodeFormDto, @Req() request: SessionRequest): Promise<ApplyCodeResponseDto> {
    const { applied, refusal } = await this.commands.execute(
      new ApplyCodeCommand({ reservationId, code: form.code, amount: form.amount, actor: actorOf(request) }),
    );
    return refusal === null ? success(applied) : { ...failure([{ fieldName: 'reservationCodeForm', code: refusal, arguments: { '0': form.code } }]), value: false };
  }

  @Delete('reservation/:reservationId/remove-code')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'removeCode',
    summary: "Takes the pass off a pending order: its tickets cost what they did before and the pass's entries are free again. False when none was applied.",
  })
  @ApiNotFound('Reservation')
  @ApiReservationAccessDenied()
  @ApiValidationFailure()
  @ApiAntiForgery()
  @ApiOkResponse({ description: 'true when a pass was taken off.', schema: { type: 'boolean' } })
  async removeCode(@Param() { reservationId }: ReservationIdPathDto, @Query() _type: RemoveCodeQueryDto, @Req() request: SessionRequest): Promise<boolean> {
    return this.commands.execute(new RemoveCodeCommand(reservationId, actorOf(request)));
  }
}
