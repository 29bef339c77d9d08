import { Controller, HttpCode, Param, Post, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ApiAntiForgery, ApiNotFound, ApiValidationFailure } from '@ticketing/wire';
import { LangQueryDto } from '../shared/reservation-params.dto.js';
import { ReSendReservationEmailCommand } from './re-send-email.command.js';
import { ReSendEmailPathDto } from './re-send-email.dto.js';
import { ApiReservationAccessDenied } from '../reservation-access/reservation-access.guard.js';

@ApiTags('reservations')
@Controller('api/v2/public')
export class ReSendEmailController {
  constructor(private readonly commands: CommandBus) {}

  @Post(':purchaseContextType/:publicIdentifier/reservation/:reservationId/re-send-email')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'reSendReservationEmail',
    summary: 'Sends the reservation e-mail again (confirmation, or the transfer instructions). false when there is nothing to send.',
  })
  @ApiNotFound('Event')
  @ApiAntiForgery()
  @ApiReservationAccessDenied()
  @ApiValidationFailure()
  @ApiResponse({ status: 200, description: 'Whether an e-mail was sent.', schema: { type: 'boolean' } })
  async reSendEmail(@Param() path: ReSendEmailPathDto, @Query() { lang }: LangQueryDto): Promise<boolean> {
    const { purchaseContextType, publicIdentifier, reservationId } = path;
    return this.commands.execute(new ReSendReservationEmailCommand(purchaseContextType, publicIdentifier, reservationId, lang));
  }
}
