import { Inject, Logger } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CatalogOffers } from '@ticketing/catalog/contracts';
import { type EventStore, WrongExpectedRevisionError } from '@ticketing/event-store';
import { NotFoundError } from '@ticketing/kernel';
import { decideConfirmReservation } from '@ticketing/sales/domain';
import { provenance } from '../../event-data.js';
import { InventoryDesk } from '../../inventory/inventory-desk.js';
import { availableProxies, transferDeadline } from '../../queries/reservation-view/payment-methods.js';
import { mailFailure, ReservationMailer } from '../../reservation/mail/reservation-mailer.js';
import { deferredPaymentDeadline } from '../../reservation/offline-deadline.js';
import { recordSettlement } from '../../reservation/record-settlement.js';
import { loadReservation } from '../../reservation/reservation-stream.js';
import { SALES_EVENT_STORE, SALES_OPTIONS, type SalesOptions } from '../../tokens.js';

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

/** The sweeper or the buyer's other tab moved the reservation between our read and our append: decide again. */
const MAX_ATTEMPTS = 3;

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
    for (let attempt = 1; ; attempt++) {
      const now = this.options.clock.now();
      const { state, revision } = await loadReservation(this.store, input.reservationId);
      if (state.status === 'NONE' || revision === 'no_stream') throw new NotFoundError('reservation', input.reservationId);
      const offer = await this.catalog.purchaseOffer(state.eventShortName, null, now);
      if (!offer) throw new NotFoundError('event', state.eventShortName);
      const { event } = offer;
      captchaPassed ??= event.captcha.captchaForOfflinePaymentAndFree ? await this.options.verifyCaptcha(input.captcha, input.remoteIp) : null;
      // catalogs published before the flag existed lack it: no deferral
      const deferredTransfer = event.offlinePayment.deferred === true;
      const transfer = transferDeadline(offer, now);
      const deadline = deferredTransfer ? deferredPaymentDeadline(now, event) : transfer;
      const confirmation = decideConfirmReservation(state, {
        reservationId: input.reservationId,
        now,
        paymentProxy: input.paymentProxy,
        termsAccepted: input.termsAccepted,
        privacyAccepted: input.privacyAccepted,
        privacyPolicyRequired: (event.privacyPolicyUrl ?? '').trim() !== '',
        availableProxies: availableProxies(offer, transfer),
        offlineDeadline: deadline?.toISOString() ?? null,
        deferredTransfer,
        captchaPassed,
      });
      if (confirmation.events.length === 0 || !confirmation.settlement) return; // confirmed before: nothing changes
      const metadata = provenance(this.options.ids.uuid(), input.actor, now, input.reservationId);
      try {
        const { position } = await recordSettlement(
          this.desk,
          { state, revision, events: confirmation.events, settlement: confirmation.settlement, tickets: confirmation.tickets },
          metadata,
        );
        if (position !== null) await this.options.waitForProjections(position);
      } catch (error) {
        if (error instanceof WrongExpectedRevisionError && attempt < MAX_ATTEMPTS) continue;
        throw error;
      }
      // the order stands whatever the mail server says; the buyer can ask for the e-mail again
      await this.mailer.sendConfirmation(input.reservationId).catch((error: unknown) => this.logger.warn({ msg: 'confirmation e-mail not sent', reason: mailFailure(error) }));
      return;
    }
  }
}
