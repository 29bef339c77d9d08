import { Controller, Get, Headers, Param, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiExcludeEndpoint, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { SignedInUsers } from '@ticketing/accounts/contracts';
import { actorOf, type SessionRequest } from '../shared/actor.js';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { identifier, shortNameParam, ApiValidationFailure } from '@ticketing/wire';
import { eventPath, OpenCodeLinkCommand } from './open-code-link.command.js';

class CodeLinkPathDto extends createZodDto(z.object({ shortName: shortNameParam, code: identifier(255).describe('A promo, access or category code.') })) {}
class ShortLinkPathDto extends createZodDto(z.object({ shortName: shortNameParam })) {}

/** Link previews of social networks follow redirects: they get the event page, never a reservation. */
const CRAWLER = /facebookexternalhit|facebot|twitterbot|linkedinbot|slackbot|whatsapp|telegrambot|discordbot|pinterest|skypeuripreview|googlebot|bingbot/i;

/**
 * Code links from e-mails and posters (reference 3.2 item 15, 3.9 items 54-55): a promo or access code opens
 * the event page with it; a category's own code reserves one ticket of that category straight away.
 */
@ApiTags('events')
@Controller()
export class CodeLinksController {
  constructor(
    private readonly commands: CommandBus,
    private readonly users: SignedInUsers,
  ) {}

  @Get('api/v2/public/event/:shortName/code/:code')
  @ApiOperation({
    operationId: 'openCodeLink',
    summary:
      'Always 307. A usable promo or access code: to /event/{e}?code=. A category code: reserves one ticket and goes to its booking page. ' +
      'Otherwise to /event/{e}?errors=<codes>.',
  })
  @ApiResponse({ status: 307, description: 'Redirect (Location header).' })
  @ApiValidationFailure()
  async open(
    @Param() { shortName, code }: CodeLinkPathDto,
    @Headers('accept-language') acceptLanguage: string | undefined,
    @Req() request: SessionRequest,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const owner = await this.users.userOf(request.sessionId ?? '');
    reply.redirect(await this.commands.execute(new OpenCodeLinkCommand(shortName, code, acceptLanguage, request.ip, actorOf(request), owner?.userId ?? null)), 307);
  }

  @Get(['event/:shortName/code/:code', 'e/:shortName/c/:code'])
  @ApiExcludeEndpoint()
  shortCodeLink(@Param() { shortName, code }: CodeLinkPathDto, @Headers('user-agent') userAgent: string | undefined, @Res() reply: FastifyReply): void {
    if (CRAWLER.test(userAgent ?? '')) return void reply.redirect(eventPath(shortName), 302);
    reply.redirect(`/api/v2/public/event/${encodeURIComponent(shortName)}/code/${encodeURIComponent(code)}`, 302);
  }

  @Get('e/:shortName')
  @ApiExcludeEndpoint()
  shortEventLink(@Param() { shortName }: ShortLinkPathDto, @Res() reply: FastifyReply): void {
    reply.redirect(eventPath(shortName), 302);
  }
}
