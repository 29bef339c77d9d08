import { Controller, Get, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { allowAnyOrigin } from '../shared/allow-any-origin.js';
import { CatalogQueries } from '../shared/catalog-queries.js';
import { BasicEventInfoDto, EventSearchQueryDto } from './list-events.dto.js';
import { ApiValidationFailure, ZodResponse } from '@ticketing/wire';

@ApiTags('events')
@Controller('api/v2/public')
export class ListEventsController {
  constructor(private readonly queries: CatalogQueries) {}

  @Get('events')
  @ApiOperation({ operationId: 'getEvents', summary: 'Public events that have not ended, by start date; filters combine.' })
  @ApiValidationFailure()
  @ZodResponse({ status: 200, type: [BasicEventInfoDto] })
  async getEvents(@Query() query: EventSearchQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<BasicEventInfoDto[]> {
    allowAnyOrigin(reply);
    return this.queries.listEvents(query);
  }
}
