import { Controller, Delete, Param, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiAntiForgery, ApiValidationFailure } from '@ticketing/wire';
import { actorOf, type SessionRequest } from '../shared/actor.js';
import { ReservationIdPathDto } from '../shared/reservation-params.dto.js';
import { CancelReservationCommand } from './cancel-reservation.command.js';
import { ApiReservationAccessDenied } from '../reservation-access/reservation-access.guard.js';

@ApiTags('reservations')
@Controller('api/v2/public')
export class CancelReservationController {
  constructor(private readonly commands: CommandBus) {}

  @Delete('reservation/:reservationId')
  @ApiOperation({
    operationId: 'cancelPendingReservation',
    summary: 'Cancels a pending reservation and gives its seats back. Always 200 true, as alf.io (also for unknown or no longer pending ones).',
  })
  @ApiAntiForgery()
  @ApiReservationAccessDenied()
  @ApiValidationFailure()
  @ApiResponse({ status: 200, description: 'Always true.', schema: { type: 'boolean' } })
  async cancel(@Param() { reservationId }: ReservationIdPathDto, @Req() request: SessionRequest): Promise<boolean> {
    await this.commands.execute(new CancelReservationCommand(reservationId, actorOf(request)));
    return true;
  }
}
