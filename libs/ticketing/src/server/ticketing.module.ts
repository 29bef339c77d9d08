import { type DynamicModule, type InjectionToken, type ModuleMetadata, Module } from '@nestjs/common';
import type { EventStore } from '@ticketing/event-store';
import type { Db } from '@ticketing/postgres';
import { IssuedTickets, TicketDocuments } from '@ticketing/ticketing/contracts';
import { OrganizerApiKeyGuard, OrganizerApiKeys } from '@ticketing/wire';
import { CheckInController } from './check-in/check-in.controller.js';
import { CheckInHandler } from './check-in/check-in.command.js';
import { DoorCheckInController } from './door-check-in/door-check-in.controller.js';
import { DoorCheckInHandler } from './door-check-in/door-check-in.command.js';
import { DownloadTicketController } from './download-ticket/download-ticket.controller.js';
import { GetTicketController } from './get-ticket/get-ticket.controller.js';
import { TicketQueries } from './get-ticket/ticket-queries.js';
import { AttendeePolls } from './polls/attendee-polls.js';
import { PollAttendees } from './polls/poll-attendee.js';
import { PollsController } from './polls/polls.controller.js';
import { TicketsReadModel } from './read-models/issued-tickets.query.js';
import { ReleaseTicketHandler } from './release-ticket/release-ticket.command.js';
import { SendTicketHandler } from './send-ticket/send-ticket.command.js';
import { TicketMailer } from './send-ticket/ticket-mailer.js';
import { TicketLookup } from './tickets/ticket-lookup.js';
import { TICKETING_DB, TICKETING_EVENT_STORE, TICKETING_OPTIONS, type TicketingOptions } from './tokens.js';
import { TicketActionsController } from './update-ticket/update-ticket.controller.js';
import { UpdateTicketHandler } from './update-ticket/update-ticket.command.js';
import { WalletPassesController } from './wallet/wallet-passes.controller.js';

export interface TicketingModuleOptions extends TicketingOptions {
  readonly store: EventStore;
  readonly db: Db;
}

export interface TicketingModuleAsyncOptions {
  readonly imports?: ModuleMetadata['imports'];
  readonly inject?: InjectionToken[];
  readonly useFactory: (...args: never[]) => TicketingModuleOptions | Promise<TicketingModuleOptions>;
}

const MODULE_OPTIONS = Symbol('TICKETING_MODULE_OPTIONS');

/**
 * Tickets after purchase: their pages, owner changes, release, e-mail, PDF and QR code, check-in (online, and at the
 * door with the organizer's key), and the
 * attendee polls answered with a checked-in ticket's PIN. Other
 * contexts read an order's tickets through `IssuedTickets` (exported); the order itself comes from sales'
 * `TicketOrders`, the event (and its polls) from the catalog's `CatalogOffers` (`CatalogPolls`), mail from the platform's `Mailer`.
 */
@Module({})
export class TicketingModule {
  static registerAsync(options: TicketingModuleAsyncOptions): DynamicModule {
    return {
      module: TicketingModule,
      imports: options.imports ?? [],
      controllers: [GetTicketController, TicketActionsController, DownloadTicketController, CheckInController, DoorCheckInController, WalletPassesController, PollsController],
      providers: [
        { provide: MODULE_OPTIONS, inject: options.inject ?? [], useFactory: options.useFactory as (...args: unknown[]) => TicketingModuleOptions },
        { provide: TICKETING_OPTIONS, inject: [MODULE_OPTIONS], useFactory: (o: TicketingModuleOptions) => o },
        { provide: TICKETING_EVENT_STORE, inject: [MODULE_OPTIONS], useFactory: (o: TicketingModuleOptions) => o.store },
        { provide: TICKETING_DB, inject: [MODULE_OPTIONS], useFactory: (o: TicketingModuleOptions) => o.db },
        TicketsReadModel,
        { provide: IssuedTickets, useExisting: TicketsReadModel },
        TicketLookup,
        TicketQueries,
        TicketMailer,
        { provide: TicketDocuments, useExisting: TicketMailer },
        UpdateTicketHandler,
        ReleaseTicketHandler,
        SendTicketHandler,
        CheckInHandler,
        DoorCheckInHandler,
        { provide: OrganizerApiKeys, inject: [TICKETING_OPTIONS], useFactory: (o: TicketingOptions) => OrganizerApiKeys.parse(o.organizerApiKeys) },
        OrganizerApiKeyGuard,
        PollAttendees,
        AttendeePolls,
      ],
      exports: [IssuedTickets, TicketDocuments],
    };
  }
}
