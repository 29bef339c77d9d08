import { Controller, Get, Headers, Param, Res } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { NotFoundError } from '@ticketing/kernel';
import { allowAnyOrigin } from '../shared/allow-any-origin.js';
import { CatalogQueries } from '../shared/catalog-queries.js';
import { noneMatchHits, notModified } from '../shared/conditional-get.js';
import { JsonBodies, sendJson } from '../shared/json-bodies.js';
import { ShortNamePathDto } from '../shared/short-name-path.dto.js';
import { EventWithAdditionalInfoDto } from './get-event.dto.js';
import { ApiNotFound, ApiValidationFailure, SerializedResponse } from '@ticketing/wire';

/** Spec point 9: the event is cached for 20 minutes. */
const EVENT_CACHE = 'public, max-age=1200';

@ApiTags('events')
@Controller('api/v2/public')
export class GetEventController {
  /** Every event page reads this: the bytes are kept per view (the same view object until its inputs change). */
  private readonly bodies = new JsonBodies();

  constructor(private readonly queries: CatalogQueries) {}

  @Get('event/:shortName')
  @ApiOperation({
    operationId: 'getEvent',
    summary: 'The event page data. DRAFT events are served (preview); unknown and DISABLED events answer 404. Cacheable: ETag and 20 minutes.',
  })
  @ApiHeader({ name: 'If-None-Match', required: false, description: 'ETag of a copy the client holds: 304 when unchanged.' })
  @ApiResponse({ status: 304, description: 'Not modified: the copy with that ETag is current (empty body).' })
  @ApiNotFound('Event')
  @ApiValidationFailure()
  @SerializedResponse({ status: 200, type: EventWithAdditionalInfoDto })
  async getEvent(
    @Param() { shortName }: ShortNamePathDto,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer> {
    allowAnyOrigin(reply);
    const page = await this.queries.getEvent(shortName);
    if (!page) throw new NotFoundError('event', shortName);
    reply.header('ETag', page.etag).header('Cache-Control', EVENT_CACHE);
    if (noneMatchHits(ifNoneMatch, page.etag)) return notModified(reply);
    return sendJson(reply, this.bodies.of(EventWithAdditionalInfoDto, page.view));
  }
}
