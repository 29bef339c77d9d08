import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { actorOf, ApiAntiForgery, ApiValidationFailure, success, ZodResponse, type SessionRequest } from '@ticketing/wire';
import { AttendeePolls } from './attendee-polls.js';
import { PollAnswerFormDto, PollAnswerResponseDto, PollListResponseDto, PollPathDto, PollPinQueryDto, PollsPathDto, PollWithOptionsResponseDto } from './polls.dto.js';

const REFUSALS =
  "422: `not_found` on `pin` (no such event; the poll unknown, not OPEN, or restricted to tags the ticket lacks), `pin.invalid` (malformed, or no checked-in ticket of the event has it), `pin.duplicate` (two checked-in tickets share it)";

/** Attendee polls (reference 49-51): a checked-in attendee lists the open polls and answers them with the PIN of their ticket. */
@ApiTags('polls')
@Controller('api/v2/public/event')
export class PollsController {
  constructor(private readonly polls: AttendeePolls) {}

  @Get(':eventName/poll')
  @ApiOperation({ operationId: 'getEventPolls', summary: `The event's polls open to the attendee whose PIN this is, in the organizer's order. ${REFUSALS}.` })
  @ApiValidationFailure()
  @ZodResponse({ status: 200, type: PollListResponseDto })
  async list(@Param() { eventName }: PollsPathDto, @Query() { pin }: PollPinQueryDto): Promise<PollListResponseDto> {
    return success(await this.polls.list(eventName, pin));
  }

  @Get(':eventName/poll/:pollId')
  @ApiOperation({ operationId: 'getEventPoll', summary: `One open poll with its options. ${REFUSALS}.` })
  @ApiValidationFailure()
  @ZodResponse({ status: 200, type: PollWithOptionsResponseDto })
  async poll(@Param() { eventName, pollId }: PollPathDto, @Query() { pin }: PollPinQueryDto): Promise<PollWithOptionsResponseDto> {
    return success(await this.polls.poll(eventName, pollId, pin));
  }

  @Post(':eventName/poll/:pollId/answer')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'answerEventPoll',
    summary: `Records the attendee's choice; a later answer of the same ticket replaces it. ${REFUSALS}; \`not_found\` on \`optionId\` for an option not of the poll (alf.io: 500).`,
  })
  @ApiAntiForgery()
  @ApiValidationFailure()
  @ZodResponse({ status: 200, type: PollAnswerResponseDto })
  async answer(@Param() { eventName, pollId }: PollPathDto, @Body() { pin, optionId }: PollAnswerFormDto, @Req() request: SessionRequest): Promise<PollAnswerResponseDto> {
    return success(await this.polls.answer(eventName, pollId, pin, optionId, actorOf(request)));
  }
}
