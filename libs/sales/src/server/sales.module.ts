import { type DynamicModule, type InjectionToken, type ModuleMetadata, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { OrganizerApiKeyGuard, OrganizerApiKeys } from '@ticketing/wire';
import type { EventStore } from '@ticketing/event-store';
import type { Db } from '@ticketing/postgres';
import { ApplyCodeController } from './apply-code/apply-code.controller.js';
import { ApplyCodeHandler, RemoveCodeHandler } from './apply-code/apply-code.command.js';
import { BackToBookingController } from './back-to-booking/back-to-booking.controller.js';
import { BackToBookingHandler } from './back-to-booking/back-to-booking.command.js';
import { BillingDocuments } from './billing-documents/billing-documents.js';
import { BillingDocumentsController } from './billing-documents/billing-documents.controller.js';
import { CancelReservationController } from './cancel-reservation/cancel-reservation.controller.js';
import { CancelReservationHandler } from './cancel-reservation/cancel-reservation.command.js';
import { CodeLinksController } from './code-links/code-links.controller.js';
import { OpenCodeLinkHandler } from './code-links/open-code-link.command.js';
import { ConfirmOfflinePaymentController } from './confirm-offline-payment/confirm-offline-payment.controller.js';
import { ConfirmOfflinePaymentHandler } from './confirm-offline-payment/confirm-offline-payment.command.js';
import { ConfirmReservationController } from './confirm-reservation/confirm-reservation.controller.js';
import { ConfirmReservationHandler } from './confirm-reservation/confirm-reservation.command.js';
import { CustomPaymentMethodsController } from './custom-payment-methods/custom-payment-methods.controller.js';
import { ExpireReservationsHandler } from './expire-reservations/expire-reservations.command.js';
import { ExpirySweeper } from './expire-reservations/expiry-sweeper.js';
import { ReservationFinalizer } from './finalize-reservation/reservation-finalizer.js';
import { GetReservationController } from './get-reservation/get-reservation.controller.js';
import { ReservationQueries } from './get-reservation/reservation-queries.js';
import { InventoryDesk } from './inventory/inventory-desk.js';
import { OfferReleasedSeatsHandler } from './offer-released-seats/offer-released-seats.command.js';
import { OnlineCheckout } from './pay-online/online-checkout.js';
import { InitCardPayment } from './pay-online/init-card-payment.js';
import { LegacyPaymentController } from './pay-online/legacy-payment.controller.js';
import { OnlinePaymentController } from './pay-online/online-payment.controller.js';
import { OnlinePaymentQueries } from './pay-online/online-payment.queries.js';
import { PaymentFollowUpHandler } from './pay-online/payment-follow-up.handler.js';
import { PaymentFollowUpSweep } from './pay-online/payment-follow-up-sweep.js';
import { PaymentRecovery } from './pay-online/payment-recovery.js';
import { PaymentReturnController } from './pay-online/payment-return.controller.js';
import { ReSendEmailController } from './re-send-email/re-send-email.controller.js';
import { ReservationLinksController } from './reservation-links/reservation-links.controller.js';
import { ReservationAccessGuard } from './reservation-access/reservation-access.guard.js';
import { ReSendReservationEmailHandler } from './re-send-email/re-send-email.command.js';
import { inlineHolds } from './read-models/holds/holds.projection.js';
import { ReservationMailer } from './reservation/reservation-mailer.js';
import { ReserveTicketsController } from './reserve-tickets/reserve-tickets.controller.js';
import { ReserveTicketsHandler } from './reserve-tickets/reserve-tickets.command.js';
import { ReserveSubscriptionController } from './reserve-subscription/reserve-subscription.controller.js';
import { ReserveSubscriptionHandler } from './reserve-subscription/reserve-subscription.command.js';
import { PurchaseOffers } from './purchase-context/purchase-offers.js';
import { PassIssuance } from './purchase-context/pass-issuance.js';
import { HoldsSalesFigures } from './sales-figures/sales-figures.query.js';
import { TicketOrders } from '@ticketing/sales/contracts';
import { SalesTicketOrders } from './ticket-orders/sales-ticket-orders.js';
import { SubscribeToWaitingListController } from './subscribe-to-waiting-list/subscribe-to-waiting-list.controller.js';
import { SubscribeToWaitingListHandler } from './subscribe-to-waiting-list/subscribe-to-waiting-list.command.js';
import { ReservationLog } from './reservation/reservation-stream.js';
import { EU_VAT_CHECKER, SALES_DB, SALES_EVENT_STORE, SALES_OPTIONS, type SalesOptions } from './tokens.js';
import { EuVatChecker } from './validate-to-overview/eu-vat-checker.js';
import { ValidateToOverviewController } from './validate-to-overview/validate-to-overview.controller.js';
import { ValidateToOverviewHandler } from './validate-to-overview/validate-to-overview.command.js';
import { WaitingListSetAside } from './waiting-list/waiting-list-set-aside.js';

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
      // in the order of the API reference (the OpenAPI description lists the routes as they are registered)
      controllers: [
        ReserveTicketsController,
        CancelReservationController,
        GetReservationController,
        BackToBookingController,
        ConfirmReservationController,
        ValidateToOverviewController,
        CustomPaymentMethodsController,
        ReSendEmailController,
        BillingDocumentsController,
        ConfirmOfflinePaymentController,
        CodeLinksController,
        SubscribeToWaitingListController,
        OnlinePaymentController,
        LegacyPaymentController,
        PaymentReturnController,
        ReserveSubscriptionController,
        ReservationLinksController,
        ApplyCodeController,
      ],
      providers: [
        { provide: MODULE_OPTIONS, inject: options.inject ?? [], useFactory: options.useFactory as (...args: unknown[]) => SalesModuleOptions },
        { provide: SALES_OPTIONS, inject: [MODULE_OPTIONS], useFactory: (o: SalesModuleOptions) => o },
        { provide: SALES_EVENT_STORE, inject: [MODULE_OPTIONS], useFactory: (o: SalesModuleOptions) => o.store },
        { provide: SALES_DB, inject: [MODULE_OPTIONS], useFactory: (o: SalesModuleOptions) => o.db },
        { provide: InventoryDesk, inject: [SALES_EVENT_STORE], useFactory: (store: EventStore) => new InventoryDesk(store, { inline: inlineHolds }) },
        { provide: HoldsSalesFigures, inject: [SALES_DB], useFactory: (db: Db) => new HoldsSalesFigures(db) },
        // a reservation made while signed in is its owner's: anyone else, signed in or not, gets 401 on it
        { provide: APP_GUARD, useClass: ReservationAccessGuard },
        ReservationLog,
        ReserveTicketsHandler,
        ReserveSubscriptionHandler,
        ApplyCodeHandler,
        RemoveCodeHandler,
        PurchaseOffers,
        PassIssuance,
        CancelReservationHandler,
        ExpireReservationsHandler,
        ExpirySweeper,
        SubscribeToWaitingListHandler,
        OfferReleasedSeatsHandler,
        WaitingListSetAside,
        ReservationQueries,
        ReservationMailer,
        ReservationFinalizer,
        BillingDocuments,
        ConfirmReservationHandler,
        BackToBookingHandler,
        ConfirmOfflinePaymentHandler,
        ValidateToOverviewHandler,
        ReSendReservationEmailHandler,
        OpenCodeLinkHandler,
        OnlineCheckout,
        InitCardPayment,
        OnlinePaymentQueries,
        PaymentFollowUpHandler,
        PaymentRecovery,
        PaymentFollowUpSweep,
        { provide: EU_VAT_CHECKER, inject: [SALES_OPTIONS], useFactory: (o: SalesOptions) => new EuVatChecker({ url: o.vatCheckUrl }) },
        { provide: OrganizerApiKeys, inject: [SALES_OPTIONS], useFactory: (o: SalesOptions) => OrganizerApiKeys.parse(o.organizerApiKeys) },
        OrganizerApiKeyGuard,
        SalesTicketOrders,
        { provide: TicketOrders, useExisting: SalesTicketOrders },
      ],
      exports: [HoldsSalesFigures, ExpirySweeper, PaymentRecovery, PaymentFollowUpSweep, TicketOrders],
    };
  }
}
