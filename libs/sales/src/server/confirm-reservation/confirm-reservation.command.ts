import { Inject, Logger } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CatalogOffers } from '@ticketing/catalog/contracts';
import { handleCommand, type EventStore } from '@ticketing/event-store';
import { NotFoundError } from '@ticketing/kernel';
import { decideConfirmReservation, paymentTerms } from '@ticketing/sales/domain';
import { provenance } from '../shared/event-data.js';
import { InventoryDesk } from '../inventory/inventory-desk.js';
import { mailFailure, ReservationMailer } from '../reservation/reservation-mailer.js';
import { recordSettlement } from '../reservation/record-settlement.js';
import { loadReservation } from '../reservation/reservation-stream.js';
import { SALES_EVENT_STORE, SALES_OPTIONS, type SalesOptions } from '../tokens.js';

export interface ConfirmReservationInput {
  readonly reservationId: string;
  readonly paymentProxy: string | null;
  readonly termsAccepted: boolean;
  readonly privacyAccepted: boolean;
  readonly captcha: string | null;
  readonly remoteIp: string;
  readonly actor: string;
}

/** Resolves when the order is confirmed (or was already); rejects with RuleViolations (422) or NotFoundError. */
export class ConfirmReservationCommand extends Command<void> {
  constructor(readonly input: ConfirmReservationInput) {
    super();
  }
}

@CommandHandler(ConfirmReservationCommand)
export class ConfirmReservationHandler implements ICommandHandler<ConfirmReservationCommand, void> {
  private readonly logger = new Logger('ConfirmReservation');

  constructor(
    @Inject(SALES_OPTIONS) private readonly options: SalesOptions,
    @Inject(SALES_EVENT_STORE) private readonly store: EventStore,
    private readonly catalog: CatalogOffers,
    private readonly desk: InventoryDesk,
    private readonly mailer: ReservationMailer,
  ) {}

  async execute({ input }: ConfirmReservationCommand): Promise<void> {
    let captchaPassed: boolean | null | undefined; // answered once: a captcha token is good for one verification
    // the sweeper or the buyer's other tab may move the reservation between our read and our append: decide again
    const confirmed = await handleCommand({
      load: () => loadReservation(this.store, input.reservationId),
      decide: async ({ state, revision }) => {
        const now = this.options.clock.now();
        if (state.status === 'NONE' || revision === 'no_stream') throw new NotFoundError('reservation', input.reservationId);
        const offer = await this.catalog.purchaseOffer(state.eventShortName, null, now);
        if (!offer) throw new NotFoundError('event', state.eventShortName);
        const { event } = offer;
        captchaPassed ??= event.captcha.captchaForOfflinePaymentAndFree ? await this.options.verifyCaptcha(input.captcha, input.remoteIp) : null;
        const terms = paymentTerms(offer, now);
        const confirmation = decideConfirmReservation(state, {
          reservationId: input.reservationId,
          now,
          paymentProxy: input.paymentProxy,
          termsAccepted: input.termsAccepted,
          privacyAccepted: input.privacyAccepted,
          privacyPolicyRequired: (event.privacyPolicyUrl ?? '').trim() !== '',
          availableProxies: terms.proxies,
          offlineDeadline: terms.offlineDeadline?.toISOString() ?? null,
          deferredTransfer: terms.deferredTransfer,
          captchaPassed,
        });
        const { events, settlement, tickets } = confirmation;
        if (events.length === 0 || !settlement) return { result: false }; // confirmed before: nothing changes
        const metadata = provenance(this.options.ids.uuid(), input.actor, now, input.reservationId);
        return { result: true, append: () => recordSettlement(this.desk, { state, revision, events, settlement, tickets }, metadata) };
      },
      written: (position) => this.options.waitForProjections(position),
    });
    if (!confirmed) return;
    // the order stands whatever the mail server says; the buyer can ask for the e-mail again
    await this.mailer.sendConfirmation(input.reservationId).catch((error: unknown) => this.logger.warn({ msg: 'confirmation e-mail not sent', reason: mailFailure(error) }));
  }
}
