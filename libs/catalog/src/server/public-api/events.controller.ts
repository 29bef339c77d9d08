import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { NotFoundError } from '@ticketing/kernel';
import { CatalogQueries } from '../shared/catalog-queries.js';
import { noneMatchHits, notModified } from './conditional-get.js';
import { JsonBodies, sendJson } from './json-bodies.js';
import {
  BasicEventInfoDto,
  CheckDiscountFormDto,
  DynamicDiscountDto,
  EventCodeResponseDto,
  EventSearchQueryDto,
  EventWithAdditionalInfoDto,
  ItemsByCategoryDto,
  ShortNamePathDto,
  TicketCategoriesQueryDto,
  ValidateCodeQueryDto,
} from './events.dtos.js';
import { ApiNotFound, ApiValidationFailure, SerializedResponse, ZodResponse } from '@ticketing/wire';

/** Spec point 9: the event is cached for 20 minutes. */
const EVENT_CACHE = 'public, max-age=1200';

/** alf.io adds only this CORS header (no preflight) on the three event reads (reference 1.4). */
function allowAnyOrigin(reply: FastifyReply): void {
  reply.header('Access-Control-Allow-Origin', '*');
}

@ApiTags('events')
@Controller('api/v2/public')
export class EventsController {
  /** The two reads of every event page send bytes kept per view (the same view object until its inputs change). */
  private readonly bodies = new JsonBodies();

  constructor(private readonly queries: CatalogQueries) {}

  @Get('events')
  @ApiOperation({ operationId: 'getEvents', summary: 'Public events that have not ended, by start date; filters combine.' })
  @ApiValidationFailure()
  @ZodResponse({ status: 200, type: [BasicEventInfoDto] })
  async getEvents(@Query() query: EventSearchQueryDto, @Res({ passthrough: true }) reply: FastifyReply): Promise<BasicEventInfoDto[]> {
    allowAnyOrigin(reply);
    return this.queries.listEvents(query);
  }

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
    return sendJson(reply, this.bodies.of(ItemsByCategoryDto, items));
  }

  @Get('event/:shortName/validate-code')
  @ApiOperation({
    operationId: 'validateCode',
    summary: 'Whether a promo or access code can be used now, and what it gives. 422 with error.STEP_1_CODE_NOT_FOUND otherwise (fieldName eventName for an unknown event).',
  })
  @ApiResponse({ status: 422, description: 'Not usable: `value` repeats the code with null type and discount.', type: EventCodeResponseDto.Output })
  @ZodResponse({ status: 200, type: EventCodeResponseDto })
  async validateCode(
    @Param() { shortName }: ShortNamePathDto,
    @Query() { code }: ValidateCodeQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<EventCodeResponseDto> {
    const result = await this.queries.validateCode(shortName, code);
    if (result.valid) return { success: true, errorCount: 0, validationErrors: [], value: result.value, warnings: [] };
    reply.status(422);
    return {
      success: false,
      errorCount: 1,
      validationErrors: [{ fieldName: result.fieldName, code: result.errorCode, arguments: null }],
      value: result.value,
      warnings: [],
    };
  }

  @Post('event/:shortName/check-discount')
  @HttpCode(200)
  @ApiOperation({ operationId: 'checkDiscount', summary: 'The automatic discount the selected quantities would get; 204 when there is none (also for an unknown event).' })
  @ApiResponse({ status: 200, description: 'A discount applies.', type: DynamicDiscountDto.Output })
  @ApiResponse({ status: 204, description: 'No automatic discount.' })
  @ApiValidationFailure()
  async checkDiscount(
    @Param() { shortName }: ShortNamePathDto,
    @Body() form: CheckDiscountFormDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<DynamicDiscountDto | undefined> {
    const selection = form.reservation.map((r) => ({ ticketCategoryId: r.ticketCategoryId, amount: r.amount ?? r.quantity ?? 0 }));
    const discount = await this.queries.checkDiscount(shortName, selection);
    if (!discount) {
      reply.status(204);
      return undefined;
    }
    return DynamicDiscountDto.schema.parse(discount);
  }
}
