import { Controller, Get, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiAntiForgery, ApiNotFound, ApiValidationFailure, ZodResponse, type SessionRequest } from '@ticketing/wire';
import type { BuyerStatus } from '../room/waiting-room.service.js';
import { WaitingRoomService } from '../room/waiting-room.service.js';
import { WaitingRoomPathDto, WaitingRoomStatusDto, type WaitingRoomStatusView } from './waiting-room.dto.js';

/** Polls spread out the further back a buyer is: 50,000 buyers at the back ask every 30 s, the next in line every 2 s. */
export function pollAfterSeconds(status: BuyerStatus, now: Date): number {
  const clamp = (seconds: number) => Math.round(Math.min(30, Math.max(2, seconds)));
  switch (status.state) {
    case 'WAITING_FOR_DRAW':
      return clamp((status.opensAt.getTime() - now.getTime()) / 1000 / 4);
    case 'IN_LINE':
      return clamp(status.estimatedWaitSeconds / 6);
    case 'ADMITTED':
    case 'EXPIRED':
    case 'NOT_JOINED':
      return 30;
    case 'JOINING':
      return 2;
  }
}

export function statusView(status: BuyerStatus, now: Date): WaitingRoomStatusView {
  return {
    state: status.state,
    opensAt: status.opensAt.toISOString(),
    position: 'position' in status ? status.position : null,
    ahead: status.state === 'IN_LINE' ? status.ahead : null,
    estimatedWaitSeconds: status.state === 'IN_LINE' ? status.estimatedWaitSeconds : null,
    token: 'token' in status ? status.token : null,
    tokenExpiresAt: status.state === 'ADMITTED' ? status.tokenExpiresAt.toISOString() : null,
    pollAfterSeconds: pollAfterSeconds(status, now),
  };
}

/** The session policy marks a session it made for the request (the application's HTTP policies). */
type RoomRequest = SessionRequest & { readonly sessionMinted?: boolean };

export const WAITING_ROOM_CLOCK = Symbol('WAITING_ROOM_CLOCK');

@ApiTags('waiting-room')
@Controller('api/v2/public')
export class WaitingRoomController {
  constructor(
    private readonly room: WaitingRoomService,
    @Inject(WAITING_ROOM_CLOCK) private readonly clock: { now(): Date },
  ) {}

  @Post('event/:shortName/waiting-room')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'joinWaitingRoom',
    summary:
      'Takes a place in the event\'s waiting room for this session (X-Auth-Token); joining again changes nothing. Who joins before the opening is ' +
      'placed by a random draw when it opens; later arrivals queue behind in arrival order. 404 when the event has no waiting room.',
  })
  @ApiNotFound('Event or its waiting room')
  @ApiValidationFailure()
  @ApiAntiForgery()
  @ZodResponse({ status: 200, type: WaitingRoomStatusDto })
  async join(@Param() { shortName }: WaitingRoomPathDto, @Req() request: SessionRequest): Promise<WaitingRoomStatusView> {
    return statusView(await this.room.join(shortName, request.sessionId ?? ''), this.clock.now());
  }

  @Get('event/:shortName/waiting-room')
  @ApiOperation({
    operationId: 'getWaitingRoomStatus',
    summary: "This session's place in the waiting room: position, buyers ahead, estimated wait, and once admitted the token reserve-tickets needs.",
  })
  @ApiNotFound('Event or its waiting room')
  @ApiValidationFailure()
  @ZodResponse({ status: 200, type: WaitingRoomStatusDto })
  async status(@Param() { shortName }: WaitingRoomPathDto, @Req() request: RoomRequest): Promise<WaitingRoomStatusView> {
    return statusView(await this.room.status(shortName, request.sessionId ?? '', undefined, request.sessionMinted === true), this.clock.now());
  }
}
