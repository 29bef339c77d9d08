import { Body, Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { SignedInUsers } from '@ticketing/accounts/contracts';
import { actorOf, type SessionRequest } from '../shared/actor.js';
import { ApiAntiForgery, ApiNotFound, ApiValidationFailure, success, ZodResponse } from '@ticketing/wire';
import { SubscribeToWaitingListCommand } from './subscribe-to-waiting-list.command.js';
import { WaitingListPathDto, WaitingListSubscriptionResponseDto, WaitingQueueSubscriptionFormDto } from './subscribe-to-waiting-list.dto.js';


@ApiTags('events')
@Controller('api/v2/public')
export class SubscribeToWaitingListController {
  constructor(
    private readonly commands: CommandBus,
    private readonly users: SignedInUsers,
  ) {}

  @Post('event/:shortName/waiting-list/subscribe')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'subscribeToWaitingList',
    summary:
      'Joins the waiting list of a sold-out event (or pre-registers before sales start, when the event takes pre-registrations). ' +
      'When a seat comes free it is reserved for the first subscriber waiting (for WAITING_LIST_RESERVATION_MINUTES, default 4 hours) ' +
      'and a link to book it is e-mailed in the chosen language. 200 with value false when the list takes no entries now or the e-mail already waits; ' +
      '422 with the field codes of the reference.',
  })
  @ApiNotFound('Event')
  @ApiValidationFailure()
  @ApiAntiForgery()
  @ZodResponse({ status: 200, type: WaitingListSubscriptionResponseDto })
  async subscribe(
    @Param() { shortName }: WaitingListPathDto,
    @Body() form: WaitingQueueSubscriptionFormDto,
    @Req() request: SessionRequest,
  ): Promise<WaitingListSubscriptionResponseDto> {
    const added = await this.commands.execute(
      new SubscribeToWaitingListCommand({
        eventShortName: shortName,
        form: {
          firstName: form.firstName ?? null,
          lastName: form.lastName ?? null,
          email: form.email ?? null,
          userLanguage: form.userLanguage ?? null,
          termAndConditionsAccepted: form.termAndConditionsAccepted === true,
          privacyPolicyAccepted: form.privacyPolicyAccepted === true,
          selectedCategory: form.selectedCategory ?? null,
        },
        actor: actorOf(request),
        ownerUserId: (await this.users.userOf(request.sessionId ?? ''))?.userId ?? null,
      }),
    );
    return success(added);
  }
}
