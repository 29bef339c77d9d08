import { Module } from '@nestjs/common';
import { CatalogOffers, CatalogPolls } from '@ticketing/catalog/contracts';
import type { Clock } from '@ticketing/kernel';
import { CheckDiscountController } from './check-discount/check-discount.controller.js';
import { EventCalendarController } from './event-calendar/event-calendar.controller.js';
import { GetEventController } from './get-event/get-event.controller.js';
import { GetFileController } from './get-file/get-file.controller.js';
import { GetSubscriptionController } from './get-subscription/get-subscription.controller.js';
import { GetTicketCategoriesController } from './get-ticket-categories/get-ticket-categories.controller.js';
import { ListEventsController } from './list-events/list-events.controller.js';
import { PollsReadModel } from './polls/polls.query.js';
import { ListSubscriptionsController } from './list-subscriptions/list-subscriptions.controller.js';
import { CatalogQueries } from './shared/catalog-queries.js';
import { ValidateCodeController } from './validate-code/validate-code.controller.js';
import { CATALOG_CLOCK } from './read-tokens.js';

/** The wall clock, read here at the edge; queries get it injected so tests can move time. */
const systemClock: Clock = { now: () => new Date() };

/**
 * The catalog's public reads: events, ticket categories, codes, subscriptions, files, calendars; and its query
 * surface for other contexts (CatalogOffers and CatalogPolls, @ticketing/catalog/contracts). Needs CATALOG_DB (the app's pg pool)
 * and SalesFigures (seats taken, @ticketing/sales/contracts) from the composition; the read tables are kept by
 * the catalog's projections (catalogProjections).
 */
@Module({
  // One controller per use case, in the routes' order before the split (the OpenAPI document sorts its keys, so order does not change it).
  controllers: [
    ListEventsController,
    GetEventController,
    GetTicketCategoriesController,
    ValidateCodeController,
    CheckDiscountController,
    EventCalendarController,
    ListSubscriptionsController,
    GetSubscriptionController,
    GetFileController,
  ],
  providers: [
    { provide: CATALOG_CLOCK, useValue: systemClock },
    CatalogQueries,
    { provide: CatalogOffers, useExisting: CatalogQueries },
    PollsReadModel,
    { provide: CatalogPolls, useExisting: PollsReadModel },
  ],
  exports: [CatalogQueries, CatalogOffers, CatalogPolls],
})
export class CatalogReadModule {}
