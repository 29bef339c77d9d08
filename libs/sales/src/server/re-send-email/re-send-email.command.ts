import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CatalogOffers } from '@ticketing/catalog/contracts';
import { NotFoundError } from '@ticketing/kernel';
import { ReservationQueries } from '../get-reservation/reservation-queries.js';
import { ReservationMailer } from '../reservation/reservation-mailer.js';
import { SALES_OPTIONS, type SalesOptions } from '../tokens.js';

/**
 * `re-send-email` (reference 3.3): the reservation's e-mail (confirmation, or the transfer instructions) again, in
 * `lang`. Resolves to whether one was sent; NotFoundError when the purchase context does not exist.
 */
export class ReSendReservationEmailCommand extends Command<boolean> {
  constructor(
    readonly purchaseContextType: 'event' | 'subscription',
    readonly publicIdentifier: string,
    readonly reservationId: string,
    readonly lang: string,
  ) {
    super();
  }
}

@CommandHandler(ReSendReservationEmailCommand)
export class ReSendReservationEmailHandler implements ICommandHandler<ReSendReservationEmailCommand, boolean> {
  constructor(
    @Inject(SALES_OPTIONS) private readonly options: SalesOptions,
    private readonly reservations: ReservationQueries,
    private readonly mailer: ReservationMailer,
    private readonly catalog: CatalogOffers,
  ) {}

  async execute({ purchaseContextType, publicIdentifier, reservationId, lang }: ReSendReservationEmailCommand): Promise<boolean> {
    if (purchaseContextType === 'subscription') {
      if (!(await this.catalog.subscriptionExists(publicIdentifier))) throw new NotFoundError('subscription', publicIdentifier);
      // an order of another pass (or of an event) is not this one's to send, as for events
      if ((await this.reservations.descriptorOf(reservationId)) !== publicIdentifier.toLowerCase()) return false;
      return this.mailer.sendConfirmation(reservationId, lang).catch(() => false);
    }
    const offer = await this.catalog.purchaseOffer(publicIdentifier, null, this.options.clock.now());
    if (!offer) throw new NotFoundError('event', publicIdentifier);
    // a reservation of another event is not this one's to send: nothing to send, not an error (as alf.io)
    if ((await this.reservations.eventOf(reservationId)) !== publicIdentifier) return false;
    // the wire answers true or false: a mail server that refuses is "not sent", not a server error
    return this.mailer.sendConfirmation(reservationId, lang).catch(() => false);
  }
}
