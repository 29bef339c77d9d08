import { Controller, Headers, HttpCode, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { SignedInUsers } from '@ticketing/accounts/contracts';
import { ApiAntiForgery, ApiNotFound, ApiValidationFailure, success, uuidParam, ZodResponse } from '@ticketing/wire';
import { actorOf, type SessionRequest } from '../shared/actor.js';
import { ReservationIdResponseDto } from '../reserve-tickets/reserve-tickets.dto.js';
import { ReserveSubscriptionCommand } from './reserve-subscription.command.js';

class ReserveSubscriptionPathDto extends createZodDto(z.object({ id: uuidParam })) {}

@ApiTags('subscriptions')
@Controller('api/v2/public')
export class ReserveSubscriptionController {
  constructor(
    private readonly commands: CommandBus,
    private readonly users: SignedInUsers,
  ) {}

  @Post('subscription/:id')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'reserveSubscription',
    summary:
      'Opens a reservation for one pass (no body; the language from Accept-Language). 422 show-subscription.sold-out.message when none is left ' +
      'or it is not on sale, error.STEP_1_CATEGORIES_NOT_COMPATIBLE for a paid pass with no way to pay.',
  })
  @ApiHeader({ name: 'Alfio-Verification', required: false, description: 'Turnstile token, when human verification is enabled (403 with Alfio-Verification-Missing otherwise).' })
  @ApiNotFound('Subscription')
  @ApiValidationFailure()
  @ApiAntiForgery()
  @ZodResponse({ status: 200, type: ReservationIdResponseDto })
  async reserveSubscription(
    @Param() { id }: ReserveSubscriptionPathDto,
    @Headers('accept-language') acceptLanguage: string | undefined,
    @Req() request: SessionRequest,
  ): Promise<ReservationIdResponseDto> {
    const owner = await this.users.userOf(request.sessionId ?? '');
    return success(await this.commands.execute(new ReserveSubscriptionCommand(id.toLowerCase(), acceptLanguage, actorOf(request), owner?.userId ?? null)));
  }
}
