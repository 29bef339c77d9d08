import { Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiAntiForgery, ApiValidationFailure } from '@ticketing/wire';
import { actorOf, type SessionRequest } from '../shared/actor.js';
import { ReservationIdPathDto } from '../shared/reservation-params.dto.js';
import { BackToBookingCommand } from './back-to-booking.command.js';
import { ApiReservationAccessDenied } from '../reservation-access/reservation-access.guard.js';

@ApiTags('reservations')
@Controller('api/v2/public')
export class BackToBookingController {
  constructor(private readonly commands: CommandBus) {}

  @Post('reservation/:reservationId/back-to-booking')
  @HttpCode(200)
  @ApiOperation({ operationId: 'backToBooking', summary: 'From the overview back to the booking step: the details must be validated again. Always true.' })
  @ApiAntiForgery()
  @ApiReservationAccessDenied()
  @ApiValidationFailure()
  @ApiResponse({ status: 200, description: 'Always true.', schema: { type: 'boolean' } })
  async backToBooking(@Param() { reservationId }: ReservationIdPathDto, @Req() request: SessionRequest): Promise<boolean> {
    await this.commands.execute(new BackToBookingCommand(reservationId, actorOf(request)));
    return true;
  }
}
