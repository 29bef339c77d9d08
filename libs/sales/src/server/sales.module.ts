import { type DynamicModule, type InjectionToken, type ModuleMetadata, Module } from '@nestjs/common';
import { OrganizerApiKeyGuard, OrganizerApiKeys } from '@ticketing/wire';
import type { EventStore } from '@ticketing/event-store';
import type { Db } from '@ticketing/postgres';
import { CancelReservationHandler } from './commands/cancel-reservation/cancel-reservation.command.js';
import { ExpireReservationsHandler } from './commands/expire-reservations/expire-reservations.command.js';
import { ExpirySweeper } from './commands/expire-reservations/expiry-sweeper.js';
import { ReserveTicketsHandler } from './commands/reserve-tickets/reserve-tickets.command.js';
import { InventoryDesk } from './inventory/inventory-desk.js';
import { inlineHolds } from './read-models/holds/holds.projection.js';
import { BackToBookingHandler } from './commands/back-to-booking/back-to-booking.command.js';
import { ConfirmOfflinePaymentHandler } from './commands/confirm-offline-payment/confirm-offline-payment.command.js';
import { ConfirmReservationHandler } from './commands/confirm-reservation/confirm-reservation.command.js';
import { CodeLinksController } from './public-api/code-links.controller.js';
import { OrganizerReservationsController } from './public-api/organizer-reservations.controller.js';
import { ReservationFlowController } from './public-api/reservation-flow.controller.js';
import { ValidateToOverviewHandler } from './commands/validate-to-overview/validate-to-overview.command.js';
import { ReservationMailer } from './reservation/mail/reservation-mailer.js';
import { ReservationQueries } from './reservation/reservation-queries.js';
import { ReservationsController } from './public-api/reservations.controller.js';
import { HoldsSalesFigures } from './queries/sales-figures.query.js';
import { EuVatChecker } from './booking/vat/eu-vat-checker.js';
import { EU_VAT_CHECKER, SALES_DB, SALES_EVENT_STORE, SALES_OPTIONS, type SalesOptions } from './tokens.js';
import { SmtpMailer } from './waiting-list/mail/smtp-mailer.js';
import { WaitingListSetAside } from './waiting-list/set-aside/waiting-list-set-aside.js';
import { OfferReleasedSeatsHandler } from './waiting-list/offer-released-seats/offer-released-seats.command.js';
import { WaitingListController } from './waiting-list/subscribe-to-waiting-list/subscribe-to-waiting-list.controller.js';
import { SubscribeToWaitingListHandler } from './waiting-list/subscribe-to-waiting-list/subscribe-to-waiting-list.command.js';

export interface SalesModuleOptions extends SalesOptions {
  readonly store: EventStore;
  readonly db: Db;
}

export interface SalesModuleAsyncOptions {
  readonly imports?: ModuleMetadata['imports'];
  readonly inject?: InjectionToken[];
  readonly useFactory: (...args: never[]) => SalesModuleOptions | Promise<SalesModuleOptions>;
}

const MODULE_OPTIONS = Symbol('SALES_MODULE_OPTIONS');

/**
 * Reservations, inventory and their public calls. The composition root hands in the event store, the pool,
 * the projection wait, the clock and the captcha check (this library never imports the app); the catalog's
 * availability reads `HoldsSalesFigures`, exported here.
 */
@Module({})
export class SalesModule {
  static registerAsync(options: SalesModuleAsyncOptions): DynamicModule {
    return {
      module: SalesModule,
      imports: options.imports ?? [],
      controllers: [ReservationsController, ReservationFlowController, OrganizerReservationsController, CodeLinksController, WaitingListController],
      providers: [
        { provide: MODULE_OPTIONS, inject: options.inject ?? [], useFactory: options.useFactory as (...args: unknown[]) => SalesModuleOptions },
        { provide: SALES_OPTIONS, inject: [MODULE_OPTIONS], useFactory: (o: SalesModuleOptions) => o },
        { provide: SALES_EVENT_STORE, inject: [MODULE_OPTIONS], useFactory: (o: SalesModuleOptions) => o.store },
        { provide: SALES_DB, inject: [MODULE_OPTIONS], useFactory: (o: SalesModuleOptions) => o.db },
        { provide: InventoryDesk, inject: [SALES_EVENT_STORE], useFactory: (store: EventStore) => new InventoryDesk(store, { inline: inlineHolds }) },
        { provide: HoldsSalesFigures, inject: [SALES_DB], useFactory: (db: Db) => new HoldsSalesFigures(db) },
        ReserveTicketsHandler,
        CancelReservationHandler,
        ExpireReservationsHandler,
        ExpirySweeper,
        SubscribeToWaitingListHandler,
        OfferReleasedSeatsHandler,
        SmtpMailer,
        WaitingListSetAside,
        ReservationQueries,
        ReservationMailer,
        ConfirmReservationHandler,
        BackToBookingHandler,
        ConfirmOfflinePaymentHandler,
        ValidateToOverviewHandler,
        { provide: EU_VAT_CHECKER, inject: [SALES_OPTIONS], useFactory: (o: SalesOptions) => new EuVatChecker({ url: o.vatCheckUrl }) },
        { provide: OrganizerApiKeys, inject: [SALES_OPTIONS], useFactory: (o: SalesOptions) => OrganizerApiKeys.parse(o.organizerApiKeys) },
        OrganizerApiKeyGuard,
      ],
      exports: [HoldsSalesFigures, ExpirySweeper],
    };
  }
}
