import { Body, Controller, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { SignedInUsers } from '@ticketing/accounts/contracts';
import { ApiAntiForgery, ApiNotFound, RefusalWithValue, success, ZodResponse } from '@ticketing/wire';
import { actorOf, type SessionRequest } from '../shared/actor.js';
import { ReservationIdPathDto } from '../shared/reservation-params.dto.js';
import { BooleanValidatedResponseDto, bookingFormOf, ContactAndTicketsFormDto, ValidateToOverviewQueryDto } from './validate-to-overview.dto.js';
import { ValidateToOverviewCommand } from './validate-to-overview.command.js';
import { ApiReservationAccessDenied } from '../reservation-access/reservation-access.guard.js';

/** Step 2: the booking details checked and recorded (reference 3.3 item 20). */
@ApiTags('reservations')
@Controller('api/v2/public')
export class ValidateToOverviewController {
  constructor(
    private readonly commands: CommandBus,
    private readonly users: SignedInUsers,
  ) {}

  @Post('reservation/:reservationId/validate-to-overview')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'validateToOverview',
    summary:
      'Checks and records the booking details (contact, invoice, attendees, supplement items). 200 value true when they passed; with warnings ' +
      'and ignoreWarnings=false the answer is 200 with the warnings and the reservation is not yet validated. 422 value false with the field ' +
      'errors (the details are recorded anyway). 404 unless the reservation is pending. Validated on a signed-in session, the booking also saves ' +
      'the user\'s profile (the invoice address when an invoice was requested, the free-text answers of their own ticket).',
  })
  @ApiNotFound('Pending reservation')
  @ApiReservationAccessDenied()
  @ApiAntiForgery()
  @ApiResponse({ status: 422, description: 'Field errors; value false.', type: BooleanValidatedResponseDto.Output })
  @ZodResponse({ status: 200, type: BooleanValidatedResponseDto })
  async validateToOverview(
    @Param() { reservationId }: ReservationIdPathDto,
    @Query() { lang, ignoreWarnings }: ValidateToOverviewQueryDto,
    @Body() form: ContactAndTicketsFormDto,
    @Req() request: SessionRequest,
  ): Promise<BooleanValidatedResponseDto> {
    const user = request.sessionId ? await this.users.userOf(request.sessionId) : null;
    const buyer = user && { userId: user.userId, email: user.email };
    const { errors, warnings } = await this.commands.execute(
      new ValidateToOverviewCommand({ reservationId, form: bookingFormOf(form), ignoreWarnings, language: lang, actor: actorOf(request), buyer }),
    );
    const wireWarnings = warnings.map((w) => ({ code: w.code, params: w.args.map(String) }));
    // field errors answer 422 with value false and the warnings (the exception filter writes it)
    if (errors.length > 0) throw new RefusalWithValue(errors, false, wireWarnings);
    return success(true, wireWarnings);
  }
}
