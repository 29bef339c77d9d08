import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { NotFoundError } from '@ticketing/kernel';
import { ApiNotFound, ApiValidationFailure, ZodResponse } from '@ticketing/wire';
import { ReservationQueries } from '../get-reservation/reservation-queries.js';
import { ReservationIdPathDto } from '../shared/reservation-params.dto.js';
import { CustomOfflinePaymentDto } from './custom-payment-methods.dto.js';
import { ApiReservationAccessDenied } from '../reservation-access/reservation-access.guard.js';

/**
 * The organizer-defined offline payment methods a reservation may use (reference 3.3 item 30). alf.io's Angular client
 * asks on every overview, once more from the payment-method selector of a paid order, and offers a method of
 * `activePaymentMethods` only when it is a built-in one or listed here. Catalogs define no such methods (the payment
 * proxies an event allows are the built-in ones), so the list is empty.
 */
@ApiTags('reservations')
@Controller('api/v2/public')
export class CustomPaymentMethodsController {
  constructor(private readonly reservations: ReservationQueries) {}

  @Get('reservation/:reservationId/applicable-custom-payment-method-details')
  @ApiOperation({
    operationId: 'getApplicableCustomPaymentMethodDetails',
    summary: "The organizer-defined offline payment methods the reservation may use: none, as no catalog defines one. 404 for a reservation that is gone (alf.io: 400).",
  })
  @ApiNotFound('Reservation')
  @ApiReservationAccessDenied()
  @ApiValidationFailure()
  @ZodResponse({ status: 200, type: [CustomOfflinePaymentDto] })
  async applicable(@Param() { reservationId }: ReservationIdPathDto): Promise<CustomOfflinePaymentDto[]> {
    if ((await this.reservations.eventOf(reservationId)) === null) throw new NotFoundError('reservation', reservationId);
    return [];
  }
}
