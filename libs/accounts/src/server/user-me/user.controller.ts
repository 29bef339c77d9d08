import { Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { SignedInUsers } from '@ticketing/accounts/contracts';
import { ApiAntiForgery, ZodResponse, type SessionRequest } from '@ticketing/wire';
import { LoginFlow } from '../openid/login-flow.js';
import { SignOutCommand } from '../sign-out/sign-out.command.js';
import { sessionDigest } from '../users/session-digest.js';
import { ClientRedirectDto, UserDto } from './user.dto.js';

/** The signed-in visitor (reference 3.6 items 43 and 47). */
@ApiTags('user')
@Controller('api/v2/public/user')
export class AccountController {
  constructor(
    private readonly users: SignedInUsers,
    private readonly commands: CommandBus,
    private readonly flow: LoginFlow,
  ) {}

  @Get('me')
  @ApiOperation({ operationId: 'getMe', summary: 'The user signed in on this session; 204 when anonymous (or the login ended or expired).' })
  @ApiResponse({ status: 200, description: 'Signed in.', type: UserDto.Output })
  @ApiResponse({ status: 204, description: 'Anonymous.' })
  async me(@Req() request: SessionRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<UserDto | undefined> {
    const user = await this.users.userOf(request.sessionId ?? '');
    if (!user) {
      reply.status(204);
      return undefined;
    }
    return UserDto.schema.parse({ firstName: user.firstName, lastName: user.lastName, emailAddress: user.email, profile: null, external: true });
  }

  @Post('logout')
  @HttpCode(200)
  @ApiOperation({
    operationId: 'logout',
    summary: 'Signs this session out. `targetUrl`: the provider\'s end-session page (which comes back to the home page) when it has one, else `/`.',
  })
  @ApiAntiForgery()
  @ZodResponse({ status: 200, type: ClientRedirectDto })
  async logout(@Req() request: SessionRequest): Promise<ClientRedirectDto> {
    const sessionId = request.sessionId ?? '';
    const user = await this.users.userOf(sessionId);
    if (!user) return { targetUrl: '/', empty: false };
    await this.commands.execute(new SignOutCommand(user.userId, sessionDigest(sessionId)));
    return { targetUrl: (await this.flow.login?.endSessionUrl()) ?? '/', empty: false };
  }
}
