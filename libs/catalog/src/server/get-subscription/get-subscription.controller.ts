import { Controller, Get, Headers, Param, Res } from '@nestjs/common';
import { ApiHeader, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { NotFoundError } from '@ticketing/kernel';
import { CatalogQueries } from '../shared/catalog-queries.js';
import { noneMatchHits, notModified } from '../shared/conditional-get.js';
import { contentTag } from '../shared/content-tag.js';
import { SubscriptionDescriptorWithAdditionalInfoDto, SubscriptionIdPathDto } from './get-subscription.dto.js';
import { ApiNotFound, ApiValidationFailure, ZodResponse } from '@ticketing/wire';

/** Spec point 9: a subscription is cached for 20 minutes. */
const SUBSCRIPTION_CACHE = 'public, max-age=1200';

/** Its HTTP spec is in ../list-subscriptions/list-subscriptions.int.spec.ts: one set of descriptors serves both calls. */
@ApiTags('subscriptions')
@Controller('api/v2/public')
export class GetSubscriptionController {
  constructor(private readonly queries: CatalogQueries) {}

  @Get('subscription/:id')
  @ApiOperation({
    operationId: 'getSubscription',
    summary: 'The subscription page data (no id property, as alf.io). Unlike alf.io, an id that is not a UUID answers 422, not 500.',
  })
  @ApiHeader({ name: 'If-None-Match', required: false, description: 'ETag of a copy the client holds: 304 when unchanged.' })
  @ApiResponse({ status: 304, description: 'Not modified (empty body).' })
  @ApiNotFound('Subscription')
  @ApiValidationFailure()
  @ZodResponse({ status: 200, type: SubscriptionDescriptorWithAdditionalInfoDto })
  async getSubscription(
    @Param() { id }: SubscriptionIdPathDto,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SubscriptionDescriptorWithAdditionalInfoDto> {
    const subscription = await this.queries.getSubscription(id);
    if (!subscription) throw new NotFoundError('subscription', id);
    const etag = contentTag(subscription);
    reply.header('ETag', etag).header('Cache-Control', SUBSCRIPTION_CACHE);
    if (noneMatchHits(ifNoneMatch, etag)) return notModified(reply);
    return subscription;
  }
}
