import { Module } from '@nestjs/common';
import { CatalogOffers } from '@ticketing/catalog/contracts';
import type { Clock } from '@ticketing/kernel';
import { EventCalendarController } from './public-api/event-calendar.controller.js';
import { EventsController } from './public-api/events.controller.js';
import { FilesController } from './public-api/files.controller.js';
import { SubscriptionsController } from './public-api/subscriptions.controller.js';
import { CatalogQueries } from './shared/catalog-queries.js';
import { CATALOG_CLOCK } from './read-tokens.js';

/** The wall clock, read here at the edge; queries get it injected so tests can move time. */
const systemClock: Clock = { now: () => new Date() };

/**
 * The catalog's public reads: events, ticket categories, codes, subscriptions, files, calendars; and its query
 * surface for other contexts (CatalogOffers, @ticketing/catalog/contracts). Needs CATALOG_DB (the app's pg pool)
 * and SalesFigures (seats taken, @ticketing/sales/contracts) from the composition; the read tables are kept by
 * the catalog's projections (catalogProjections).
 */
@Module({
  controllers: [EventsController, EventCalendarController, SubscriptionsController, FilesController],
  providers: [{ provide: CATALOG_CLOCK, useValue: systemClock }, CatalogQueries, { provide: CatalogOffers, useExisting: CatalogQueries }],
  exports: [CatalogQueries, CatalogOffers],
})
export class CatalogReadModule {}
