import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { BadRequestError } from '@ticketing/kernel';
import { ApiBadRequestText, ApiValidationFailure, ZodResponse } from '@ticketing/wire';
import { ReservationQueries } from '../get-reservation/reservation-queries.js';
import { ReservationIdPathDto } from '../shared/reservation-params.dto.js';
import { UNKNOWN_RESERVATION, unknownReservation } from '../shared/unknown-reservation.js';
import { ApiReservationAccessDenied } from '../reservation-access/reservation-access.guard.js';
import { UserDefinedOfflinePaymentMethodDto } from './custom-payment-methods.dto.js';

/** alf.io's text of the 400 for a method it cannot find (reference 3.3 item 31: text/plain). */
export const UNKNOWN_CUSTOM_METHOD = 'The payment method associated with your transaction does not exist.';

/**
 * The organizer-defined offline payment methods of a reservation (reference 3.3 items 30-31). alf.io's Angular client
 * asks for the applicable ones on every overview and from the payment-method selector of a paid order, and for the
 * selected one on the page of an order awaiting a custom payment. Catalogs define no such methods (the payment
 * proxies an event allows are the built-in ones): none is applicable, and no order was confirmed with one. Who may
 * ask is the rule of every `:reservationId` call (ReservationAccessGuard: 401 to anyone but the owner of an owned reservation).
 */
@ApiTags('reservations')
@Controller('api/v2/public')
export class CustomPaymentMethodsController {
  constructor(private readonly reservations: ReservationQueries) {}

  @Get('reservation/:reservationId/applicable-custom-payment-method-details')
  @ApiOperation({
    operationId: 'getApplicableCustomPaymentMethodDetails',
    summary: 'The organizer-defined offline payment methods the reservation may use: none, as no catalog defines one. 400 (text/plain) for a reservation that is gone.',
  })
  @ApiBadRequestText(`No such reservation: \`${UNKNOWN_RESERVATION}\``)
  @ApiReservationAccessDenied()
  @ApiValidationFailure()
  @ZodResponse({ status: 200, type: [UserDefinedOfflinePaymentMethodDto] })
  async applicable(@Param() { reservationId }: ReservationIdPathDto): Promise<UserDefinedOfflinePaymentMethodDto[]> {
    await this.existing(reservationId);
    return [];
  }

  @Get('reservation/:reservationId/selected-custom-payment-method-details')
  @ApiOperation({
    operationId: 'getSelectedCustomPaymentMethodDetails',
    summary:
      'The organizer-defined offline payment method the reservation was confirmed with. As no catalog defines one, a known reservation answers 400 ' +
      '(text/plain) that its method does not exist, as alf.io does for a method it cannot find (alf.io answers 500 for an order with no payment yet).',
  })
  @ApiBadRequestText(`No such reservation (\`${UNKNOWN_RESERVATION}\`) or none of its payments used a custom method (\`${UNKNOWN_CUSTOM_METHOD}\`).`)
  @ApiReservationAccessDenied()
  @ApiValidationFailure()
  @ZodResponse({ status: 200, type: UserDefinedOfflinePaymentMethodDto })
  async selected(@Param() { reservationId }: ReservationIdPathDto): Promise<UserDefinedOfflinePaymentMethodDto> {
    await this.existing(reservationId);
    throw new BadRequestError(UNKNOWN_CUSTOM_METHOD);
  }

  private async existing(reservationId: string): Promise<void> {
    if ((await this.reservations.eventOf(reservationId)) === null) throw unknownReservation();
  }
}
