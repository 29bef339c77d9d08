import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiNotFound, ApiValidationFailure, ZodResponse } from '@ticketing/wire';
import { ReservationIdPathDto } from '../shared/reservation-params.dto.js';
import { ReservationInfoDto, ReservationStatusInfoDto } from './get-reservation.dto.js';
import { ReservationQueries } from './reservation-queries.js';
import { ApiReservationAccessDenied } from '../reservation-access/reservation-access.guard.js';

/** The reservation as steps 2 to 4 show it, and its status (reference 3.3). */
@ApiTags('reservations')
@Controller('api/v2/public')
export class GetReservationController {
  constructor(private readonly reservations: ReservationQueries) {}

  @Get('reservation/:reservationId')
  @ApiOperation({
    operationId: 'getReservationInfo',
    summary: 'The reservation as the booking, overview and success steps show it, in any status. 404 once cancelled or expired.',
  })
  @ApiNotFound('Reservation')
  @ApiReservationAccessDenied()
  @ApiValidationFailure()
  @ZodResponse({ status: 200, type: ReservationInfoDto })
  info(@Param() { reservationId }: ReservationIdPathDto): Promise<ReservationInfoDto> {
    return this.reservations.info(reservationId);
  }

  @Get('reservation/:reservationId/status')
  @ApiOperation({ operationId: 'getReservationStatus', summary: 'Status and whether the booking details were validated (which page to show).' })
  @ApiNotFound('Reservation')
  @ApiValidationFailure()
  @ZodResponse({ status: 200, type: ReservationStatusInfoDto })
  status(@Param() { reservationId }: ReservationIdPathDto): Promise<ReservationStatusInfoDto> {
    return this.reservations.status(reservationId);
  }
}
