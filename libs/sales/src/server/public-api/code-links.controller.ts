import { Controller, Get, Headers, Inject, Param, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiExcludeEndpoint, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { actorOf, type SessionRequest } from './actor.js';
import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { CatalogOffers } from '@ticketing/catalog/contracts';
import { identifier, shortNameParam, ApiValidationFailure } from '@ticketing/wire';
import { DomainError, NotFoundError, RuleViolations } from '@ticketing/kernel';
import { ReserveTicketsCommand } from '../commands/reserve-tickets/reserve-tickets.command.js';
import { SALES_OPTIONS, type SalesOptions } from '../tokens.js';

class CodeLinkPathDto extends createZodDto(z.object({ shortName: shortNameParam, code: identifier(255).describe('A promo, access or category code.') })) {}
class ShortLinkPathDto extends createZodDto(z.object({ shortName: shortNameParam })) {}

/** Link previews of social networks follow redirects: they get the event page, never a reservation. */
const CRAWLER = /facebookexternalhit|facebot|twitterbot|linkedinbot|slackbot|whatsapp|telegrambot|discordbot|pinterest|skypeuripreview|googlebot|bingbot/i;

const eventPath = (shortName: string) => `/event/${encodeURIComponent(shortName)}`;

/** The first of the buyer's Accept-Language that the event is written in, else the event's first language. */
function languageFor(acceptLanguage: string | undefined, contentLanguages: readonly string[]): string {
  const wanted = (acceptLanguage ?? '')
    .split(',')
    .map((part) => part.split(';')[0]!.trim().slice(0, 2).toLowerCase())
    .filter(Boolean);
  return wanted.find((lang) => contentLanguages.includes(lang)) ?? contentLanguages[0] ?? 'en';
}


/**
 * Code links from e-mails and posters (reference 3.2 item 15, 3.9 items 54-55): a promo or access code opens
 * the event page with it; a category's own code reserves one ticket of that category straight away.
 */
@ApiTags('events')
@Controller()
export class CodeLinksController {
  constructor(
    private readonly commands: CommandBus,
    private readonly catalog: CatalogOffers,
    @Inject(SALES_OPTIONS) private readonly options: SalesOptions,
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
    reply.redirect(await this.target(shortName, code, acceptLanguage, request), 307);
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

  private async target(shortName: string, code: string, acceptLanguage: string | undefined, request: SessionRequest): Promise<string> {
    const offer = await this.catalog.purchaseOffer(shortName, code, this.options.clock.now());
    if (!offer) return '/';
    if (offer.code?.usable) return `${eventPath(shortName)}?code=${encodeURIComponent(code)}`;
    const category = offer.categories.find((c) => c.category.code === code);
    if (!category) return `${eventPath(shortName)}?errors=error.STEP_1_CODE_NOT_FOUND`;
    try {
      const reservationId = await this.commands.execute(
        new ReserveTicketsCommand({
          eventShortName: shortName,
          language: languageFor(acceptLanguage, offer.event.contentLanguages),
          selection: [{ categoryId: category.category.id, quantity: 1, metadata: [] }],
          services: [],
          promoCode: null,
          captcha: null,
          remoteIp: request.ip,
          actor: actorOf(request),
          ownerUserId: null,
          unlockedCategoryIds: [category.category.id],
        }),
      );
      return `${eventPath(shortName)}/reservation/${reservationId}/book`;
    } catch (error) {
      if (error instanceof RuleViolations) return `${eventPath(shortName)}?errors=${error.violations.map((v) => v.code).join(',')}`;
      if (error instanceof DomainError) return `${eventPath(shortName)}?errors=${error.code}`;
      if (error instanceof NotFoundError) return '/';
      throw error;
    }
  }
}
