import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CatalogQueries } from '../shared/catalog-queries.js';
import { BasicSubscriptionDescriptorInfoDto, SubscriptionSearchQueryDto } from './list-subscriptions.dto.js';
import { ApiValidationFailure, ZodResponse } from '@ticketing/wire';

@ApiTags('subscriptions')
@Controller('api/v2/public')
export class ListSubscriptionsController {
  constructor(private readonly queries: CatalogQueries) {}

  @Get('subscriptions')
  @ApiOperation({ operationId: 'getSubscriptions', summary: 'Public subscriptions (passes) on sale now, of one organizer when asked.' })
  @ApiValidationFailure()
  @ZodResponse({ status: 200, type: [BasicSubscriptionDescriptorInfoDto] })
  getSubscriptions(@Query() { organizer, organizerSlug }: SubscriptionSearchQueryDto): Promise<BasicSubscriptionDescriptorInfoDto[]> {
    return this.queries.listSubscriptions({ organizer, organizerSlug });
  }
}
