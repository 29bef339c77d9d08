import { Body, Controller, HttpCode, Param, Post, Query, UseGuards } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiResponse, ApiSecurity, ApiTags } from '@nestjs/swagger';
import { AuthenticatedOrganizer, OrganizerApiKeyGuard, ApiNotFound, ApiValidationFailure, success, ZodResponse } from '@ticketing/wire';
import { DoorCheckInCommand } from './door-check-in.command.js';
import { DoorCheckInFormDto, DoorCheckInPathDto, DoorCheckInQueryDto, DoorCheckInResponseDto } from './door-check-in.dto.js';

/** The door of an in-person event: the organizer's staff scan tickets with the organizer's key. */
@ApiTags('organizer')
@ApiSecurity('organizerApiKey')
@UseGuards(OrganizerApiKeyGuard)
@Controller('api/v2/organizer/events')
export class DoorCheckInController {
  constructor(private readonly commands: CommandBus) {}

  @Post(':shortName/check-in')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'checkInTicketAtDoor',
    summary:
      "A ticket's QR code scanned at the door: the ticket is checked in (once) and answered with its holder, category and poll PIN. " +
      "404 for an unknown event or another organizer's; 422 on `code` with `invalid_code` (not the code of the ticket's current holder: " +
      'forged, or the old code of a ticket handed on), `not_found` (no live ticket of this event with that uuid); 422 error.ticket.to-be-paid ' +
      '(its price is owed at the desk) or error.ticket.not-assigned (no holder named).',
  })
  @ApiResponse({ status: 401, description: 'No `Authorization: ApiKey <key>` header, or an unknown key.' })
  @ApiNotFound('Event')
  @ApiValidationFailure()
  @ZodResponse({ status: 200, type: DoorCheckInResponseDto })
  async checkIn(
    @Param() { shortName }: DoorCheckInPathDto,
    @Query() { lang }: DoorCheckInQueryDto,
    @Body() { code }: DoorCheckInFormDto,
    @AuthenticatedOrganizer() organizerSlug: string,
  ): Promise<DoorCheckInResponseDto> {
    return success(await this.commands.execute(new DoorCheckInCommand(shortName, code, organizerSlug, lang ?? null)));
  }
}
