import { Inject, Logger } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CatalogOffers, type PurchaseOffer } from '@ticketing/catalog/contracts';
import { type EventStore, type StreamAppend, WrongExpectedRevisionError } from '@ticketing/event-store';
import type { Queryable } from '@ticketing/postgres';
import { RuleViolations } from '@ticketing/kernel';
import { decideReserveTickets, categoryToOffer, decideOfferSeat, subscribersToOffer, waitingListStreamId, evolveWaitingList, type ReservationPlan, type WaitingSubscriber } from '@ticketing/sales/domain';
import { provenance } from '../shared/event-data.js';
import { InventoryDesk } from '../inventory/inventory-desk.js';
import { SALES_DB, SALES_EVENT_STORE, SALES_OPTIONS, type SalesOptions } from '../tokens.js';
import { Mailer } from '@ticketing/mail';
import { loadWaitingList, toLogAppend, type LoadedWaitingList } from '../waiting-list/waiting-list-stream.js';
import { WAITING_LIST_TABLE } from '../read-models/waiting-list/waiting-list.projection.js';
import { seatOfferMail } from './seat-offer.mail.js';

/** Resolves to how many subscribers were offered a seat. */
export class OfferReleasedSeatsCommand extends Command<{ offered: number }> {
  constructor(
    /** Events looked at in one run, those waiting longest first. */
    readonly maxEvents = 100,
  ) {
    super();
  }
}

const ACTOR = 'system:waiting-list';
/** Subscribers looked at per event in one run (a run offers what is free; the next run goes on). */
const MAX_PER_EVENT = 200;

type Attempt =
  | { readonly kind: 'offered'; readonly list: LoadedWaitingList }
  /** Their category is not on sale (or gone): the next subscriber may still be served. */
  | { readonly kind: 'passed-over' }
  /** The inventory refused: nobody after them waiting for that category gets a seat either, first come first served. */
  | { readonly kind: 'sold-out' }
  /** Someone joined (or another process offered) meanwhile: decide again on the list as it is. */
  | { readonly kind: 'list-moved' };

/**
 * Seats that came back (expired or cancelled reservations, kept from sale for the list: WaitingListSetAside)
 * go to the waiting list first come first served:
 * for each event with someone waiting, one ticket of the subscriber's category (else the first public
 * category on sale) is reserved through the same decision as reserve-tickets, for the waiting-list
 * validity, and the hold, the reservation and the offer are appended in one step. The subscriber's revision
 * of the list is in that step, so a subscriber is offered at most once even with two processes running
 * this. The e-mail comes after: when it fails the offer stands and the reservation expires as any other.
 */
@CommandHandler(OfferReleasedSeatsCommand)
export class OfferReleasedSeatsHandler implements ICommandHandler<OfferReleasedSeatsCommand, { offered: number }> {
  private readonly logger = new Logger('WaitingList');
  private disabledLogged = false;
  /** Runs of this process go one after the other: two offers of one list never meet in one inventory batch. */
  private runs: Promise<unknown> = Promise.resolve();

  constructor(
    @Inject(SALES_OPTIONS) private readonly options: SalesOptions,
    @Inject(SALES_EVENT_STORE) private readonly store: EventStore,
    @Inject(SALES_DB) private readonly db: Queryable,
    private readonly catalog: CatalogOffers,
    private readonly desk: InventoryDesk,
    private readonly mailer: Mailer,
  ) {}

  execute({ maxEvents }: OfferReleasedSeatsCommand): Promise<{ offered: number }> {
    const run = this.runs.then(() => this.run(maxEvents));
    this.runs = run.catch(() => undefined);
    return run;
  }

  private async run(maxEvents: number): Promise<{ offered: number }> {
    if (!this.mailer.enabled) {
      // an offer nobody hears of only blocks a seat for hours: without mail, subscribers keep waiting
      if (!this.disabledLogged) this.logger.warn({ msg: 'mail is disabled (no SMTP_URL): waiting-list subscribers are not offered seats' });
      this.disabledLogged = true;
      return { offered: 0 };
    }
    const now = this.options.clock.now();
    const events = await this.db.query<{ short_name: string }>(
      `select short_name from ${WAITING_LIST_TABLE} where status = 'WAITING' group by short_name order by min(joined_at) limit $1`,
      [maxEvents],
    );
    let offered = 0;
    for (const { short_name: eventShortName } of events.rows) {
      try {
        offered += await this.offerForEvent(eventShortName, now);
      } catch (error) {
        this.logger.error({ msg: 'offering released seats failed', eventShortName, error: String(error) });
      }
    }
    return { offered };
  }

  private async offerForEvent(eventShortName: string, now: Date): Promise<number> {
    const offer = await this.catalog.purchaseOffer(eventShortName, null, now);
    if (!offer) return 0;
    let list = await loadWaitingList(this.store, eventShortName);
    const passedOver = new Set<string>();
    // a category the inventory refused has no seat for whoever waits after them either: first come first served
    const soldOut = new Set<number>();
    let offered = 0;
    for (let round = 0; ; round++) {
      const subscriber = subscribersToOffer(list.state).find((s) => !passedOver.has(s.subscriberId) && !soldOut.has(categoryToOffer(s, offer) ?? -1));
      if (!subscriber) break;
      if (round === MAX_PER_EVENT) return offered; // the next run goes on, with what is still set aside
      const attempt = await this.offerTo(subscriber, offer, list, now);
      if (attempt.kind === 'sold-out') soldOut.add(categoryToOffer(subscriber, offer)!);
      if (attempt.kind === 'passed-over') passedOver.add(subscriber.subscriberId);
      if (attempt.kind === 'list-moved') list = await loadWaitingList(this.store, eventShortName);
      if (attempt.kind === 'offered') {
        list = attempt.list;
        offered++;
      }
    }
    // everyone who can be served was: the seats still set aside are nobody's on the list, back on sale
    const { position } = await this.desk.returnSetAside(eventShortName, provenance(this.options.ids.uuid(), ACTOR, now));
    if (position !== null) await this.options.waitForProjections(position);
    return offered;
  }

  private async offerTo(subscriber: WaitingSubscriber, offer: PurchaseOffer, list: LoadedWaitingList, now: Date): Promise<Attempt> {
    const eventShortName = offer.event.shortName;
    const categoryId = categoryToOffer(subscriber, offer);
    if (categoryId === null) return { kind: 'passed-over' };
    const reservationId = this.options.ids.uuid();
    let plan: ReservationPlan;
    try {
      plan = decideReserveTickets(
        {
          reservationId,
          ticketIds: [this.options.ids.uuid()],
          eventShortName,
          language: subscriber.language,
          selection: [{ categoryId, quantity: 1, metadata: [] }],
          services: [],
          promoCode: null,
          captchaPassed: null,
          ownerUserId: subscriber.ownerUserId,
          now,
          validityMinutes: this.options.waitingListReservationMinutes,
        },
        offer,
      );
    } catch (error) {
      if (error instanceof RuleViolations) return { kind: 'passed-over' };
      throw error;
    }
    const validUntil = plan.opened.data.validUntil;
    const offeredEvents = decideOfferSeat(list.state, { subscriberId: subscriber.subscriberId, eventShortName, reservationId, validUntil });
    if (offeredEvents.length === 0) return { kind: 'passed-over' };

    // correlated with the subscription: the audit of one subscriber reads joined -> offered -> reservation
    const metadata = provenance(reservationId, ACTOR, now, subscriber.subscriberId);
    const companions: StreamAppend[] = [{ streamId: waitingListStreamId(eventShortName), events: offeredEvents.map((e) => toLogAppend(e, metadata)), expectedRevision: list.revision }];
    try {
      // the seats set aside for the list when they came back go to its subscribers first
      const hold = { ...plan.hold, fromWaitingList: true as const };
      const { outcome, position } = await this.desk.hold(hold, metadata, (result) => (result.held ? companions : []));
      if (!outcome.held) return { kind: 'sold-out' };
      if (position !== null) await this.options.waitForProjections(position);
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError && error.streamId === waitingListStreamId(eventShortName)) return { kind: 'list-moved' };
      throw error;
    }
    await this.tell(subscriber, offer, reservationId, validUntil);
    const revision = typeof list.revision === 'number' ? list.revision + offeredEvents.length : offeredEvents.length - 1;
    return { kind: 'offered', list: { state: offeredEvents.reduce(evolveWaitingList, list.state), revision } };
  }

  private async tell(subscriber: WaitingSubscriber, offer: PurchaseOffer, reservationId: string, validUntil: string): Promise<void> {
    const contact = subscriber.contact!;
    const eventShortName = offer.event.shortName;
    const base = this.options.publicBaseUrl.replace(/\/+$/, '');
    const mail = seatOfferMail({
      language: subscriber.language,
      firstName: contact.firstName,
      eventTitle: offer.event.title[subscriber.language] ?? offer.event.displayName,
      organizer: offer.organizer ? { name: offer.organizer.name, email: offer.organizer.email } : null,
      bookingLink: `${base}/event/${encodeURIComponent(eventShortName)}/reservation/${reservationId}/book`,
      validUntil: new Date(validUntil),
      timeZone: offer.event.timeZone,
    });
    try {
      await this.mailer.send({ to: contact.email, language: subscriber.language, ...mail });
      this.logger.log({ msg: 'seat offered to a waiting-list subscriber', eventShortName, reservationId, validUntil });
    } catch (error) {
      // the offer stands: the reservation is held until it expires like any other, then the seat goes on
      this.logger.error({ msg: 'the seat offer e-mail could not be sent', eventShortName, reservationId, error: String(error) });
    }
  }
}
