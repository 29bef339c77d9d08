import { Module } from '@nestjs/common';
import type { Clock } from '@ticketing/kernel';
import { EventCalendarController } from './public-api/event-calendar.controller.js';
import { EventsController } from './public-api/events.controller.js';
import { FilesController } from './public-api/files.controller.js';
import { SubscriptionsController } from './public-api/subscriptions.controller.js';
import { CatalogQueries } from './queries/catalog-queries.js';
import { CATALOG_CLOCK } from './read-tokens.js';

/** The wall clock, read here at the edge; queries get it injected so tests can move time. */
const systemClock: Clock = { now: () => new Date() };

/**
 * The catalog's public reads: events, ticket categories, codes, subscriptions, files, calendars. Needs
 * CATALOG_DB (the app's pg pool) and CATALOG_SALES_FIGURES (seats taken, from sales) from the application; the read tables are kept by the catalog projections
 * listed in @ticketing/read-models.
 */
@Module({
  controllers: [EventsController, EventCalendarController, SubscriptionsController, FilesController],
  providers: [{ provide: CATALOG_CLOCK, useValue: systemClock }, CatalogQueries],
  exports: [CatalogQueries],
})
export class CatalogReadModule {}
