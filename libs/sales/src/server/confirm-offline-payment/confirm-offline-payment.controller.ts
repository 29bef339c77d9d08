import { Controller, HttpCode, Param, Post, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { AuthenticatedOrganizer, OrganizerApiKeyGuard, ApiNotFound, ApiValidationFailure, success, validatedResponseSchema, ZodResponse } from '@ticketing/wire';
import { ReservationIdPathDto } from '../shared/reservation-params.dto.js';
import { ConfirmOfflinePaymentCommand } from './confirm-offline-payment.command.js';

class OfflinePaymentConfirmedDto extends createZodDto(
  validatedResponseSchema(z.enum(['CONFIRMED', 'ALREADY_COMPLETE']).describe('CONFIRMED now, or ALREADY_COMPLETE (a repeated call changes nothing).')),
) {}

/** What an organizer does to its own orders without an admin UI (the operator's CLI does the same). */
@ApiTags('organizer')
@ApiSecurity('organizerApiKey')
@UseGuards(OrganizerApiKeyGuard)
@Controller('api/v2/organizer/reservations')
export class ConfirmOfflinePaymentController {
  constructor(private readonly commands: CommandBus) {}

  @Post(':reservationId/confirm-payment')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'confirmOfflinePayment',
    summary:
      "The bank transfer of an order arrived: the order completes, its tickets are issued (a deferred order has them already) and e-mailed to the buyer. 404 for another organizer's " +
      'order; 422 error.STEP2_UNABLE_TO_TRANSITION when the order awaits no transfer (or its deadline passed and it expired).',
  })
  @ApiResponse({ status: 401, description: 'No `Authorization: ApiKey <key>` header, or an unknown key.' })
  @ApiNotFound('Reservation')
  @ApiValidationFailure()
  @ZodResponse({ status: 200, type: OfflinePaymentConfirmedDto })
  async confirmPayment(@Param() { reservationId }: ReservationIdPathDto, @AuthenticatedOrganizer() organizerSlug: string): Promise<OfflinePaymentConfirmedDto> {
    return success(await this.commands.execute(new ConfirmOfflinePaymentCommand(reservationId, organizerSlug)));
  }
}
