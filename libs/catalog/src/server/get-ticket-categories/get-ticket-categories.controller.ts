import { Controller, Get, Param, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { NotFoundError } from '@ticketing/kernel';
import { allowAnyOrigin } from '../shared/allow-any-origin.js';
import { CatalogQueries } from '../shared/catalog-queries.js';
import { sendJson } from '../shared/json-bodies.js';
import { ShortNamePathDto } from '../shared/short-name-path.dto.js';
import { ItemsByCategoryDto, TicketCategoriesQueryDto } from './get-ticket-categories.dto.js';
import { ticketCategoriesBody } from './ticket-categories-body.js';
import { ApiNotFound, ApiValidationFailure, SerializedResponse } from '@ticketing/wire';

@ApiTags('events')
@Controller('api/v2/public')
export class GetTicketCategoriesController {
  constructor(private readonly queries: CatalogQueries) {}

  @Get('event/:shortName/ticket-categories')
  @ApiOperation({
    operationId: 'getTicketCategories',
    summary:
      'Categories, supplements and donations on offer now. With a usable code: access-restricted categories it names, discounted prices. ' +
      'Unlike alf.io, a code that is expired, used up or in another currency changes nothing, and a code with a usage limit lowers ' +
      'maximumSaleableTickets to its uses left without raising it above the category maximum.',
  })
  @ApiNotFound('Event')
  @ApiValidationFailure()
  @SerializedResponse({ status: 200, type: ItemsByCategoryDto })
  async getTicketCategories(
    @Param() { shortName }: ShortNamePathDto,
    @Query() { code }: TicketCategoriesQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    allowAnyOrigin(reply);
    const items = await this.queries.getTicketCategories(shortName, code ?? null);
    if (!items) throw new NotFoundError('event', shortName);
    // every event page reads this: the bytes are kept per view (the same view object until its inputs change)
    return sendJson(reply, ticketCategoriesBody(items));
  }
}
