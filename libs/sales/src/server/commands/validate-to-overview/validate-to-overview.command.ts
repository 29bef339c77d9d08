import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CatalogOffers, type PurchaseOffer } from '@ticketing/catalog/contracts';
import { type EventStore, WrongExpectedRevisionError } from '@ticketing/event-store';
import { euCountryCodes, isoCountryCodes } from '@ticketing/i18n';
import { NotFoundError, wallClock } from '@ticketing/kernel';
import { validateBooking, type BookingContext, type BookingForm, type FieldError, type VatCheckStatus } from '@ticketing/sales/booking-rules';
import { decideRecordBooking, reservationStreamId, type OpenedReservation } from '@ticketing/sales/domain';
import { provenance } from '../../event-data.js';
import { loadReservation, reservationToLog } from '../../reservation/reservation-stream.js';
import { EU_VAT_CHECKER, SALES_EVENT_STORE, SALES_OPTIONS, type SalesOptions, type VatNumberChecker } from '../../tokens.js';
import { bookedItems, bookedTickets } from './booked-questions.js';

export interface ValidateToOverviewInput {
  readonly reservationId: string;
  readonly form: BookingForm;
  readonly ignoreWarnings: boolean;
  readonly actor: string;
}

export interface BookingOutcome {
  readonly errors: readonly FieldError[];
  readonly warnings: readonly FieldError[];
}

/** Resolves to the rules' findings; the details are recorded either way. NotFoundError unless pending. */
export class ValidateToOverviewCommand extends Command<BookingOutcome> {
  constructor(readonly input: ValidateToOverviewInput) {
    super();
  }
}

const pad = (n: number) => String(n).padStart(2, '0');
const MAX_ATTEMPTS = 3;

/**
 * `validate-to-overview` (reference 3.3 item 20): the booking details are checked against the event's rules
 * and fields, recorded on the reservation (valid or not, so the buyer finds them again) and, when they passed
 * and no warning is left unaccepted, marked validated so the overview can be confirmed.
 */
@CommandHandler(ValidateToOverviewCommand)
export class ValidateToOverviewHandler implements ICommandHandler<ValidateToOverviewCommand, BookingOutcome> {
  constructor(
    @Inject(SALES_OPTIONS) private readonly options: SalesOptions,
    @Inject(SALES_EVENT_STORE) private readonly store: EventStore,
    @Inject(EU_VAT_CHECKER) private readonly vatChecker: VatNumberChecker,
    private readonly catalog: CatalogOffers,
  ) {}

  async execute({ input }: ValidateToOverviewCommand): Promise<BookingOutcome> {
    for (let attempt = 1; ; attempt++) {
      const now = this.options.clock.now();
      const { state, revision } = await loadReservation(this.store, input.reservationId);
      if (state.status !== 'PENDING' || revision === 'no_stream') throw new NotFoundError('reservation', input.reservationId);
      const offer = await this.catalog.purchaseOffer(state.eventShortName, null, now);
      if (!offer) throw new NotFoundError('event', state.eventShortName);
      const context = await this.contextOf(state, offer, input.form, now);
      const { errors, warnings, booking } = validateBooking(input.form, context);
      const passed = errors.length === 0 && (warnings.length === 0 || input.ignoreWarnings);
      const events = decideRecordBooking(state, { reservationId: input.reservationId, booking, passed });
      if (events.length > 0) {
        const metadata = provenance(this.options.ids.uuid(), input.actor, now, input.reservationId);
        try {
          const { position } = await this.store.append(reservationStreamId(input.reservationId), events.map((e) => reservationToLog(e, metadata)), revision);
          await this.options.waitForProjections(position);
        } catch (error) {
          if (error instanceof WrongExpectedRevisionError && attempt < MAX_ATTEMPTS) continue;
          throw error;
        }
      }
      return { errors, warnings };
    }
  }

  private async contextOf(state: OpenedReservation, offer: PurchaseOffer, form: BookingForm, now: Date): Promise<BookingContext> {
    const { event, invoicing } = offer;
    const today = wallClock(now, event.timeZone);
    return {
      purchaseContextType: 'event',
      tickets: bookedTickets(state.opened.tickets, offer.attendeeFields),
      items: bookedItems(state.opened.price.items, offer.services, offer.attendeeFields),
      invoicing,
      paymentRequired: state.opened.price.requiresPayment,
      forceAssignment: event.assignment.forceAssignment,
      categoriesLinkedToGroups: false,
      contentLanguages: event.contentLanguages,
      today: `${today.year}-${pad(today.month)}-${pad(today.day)}`,
      euCountryCodes,
      countryCodes: isoCountryCodes,
      vatCheck: { status: await this.checkVat(form, invoicing.euVatCheckingEnabled) },
    };
  }

  /** The EU VAT check of a business invoice's number (VIES), when the event asks for it; never throws. */
  private async checkVat(form: BookingForm, enabled: boolean): Promise<VatCheckStatus> {
    const country = (form.vatCountryCode ?? '').trim().toUpperCase();
    const number = (form.vatNr ?? '').trim();
    const business = form.invoiceRequested && form.addCompanyBillingDetails === true && form.skipVatNr !== true;
    const inEu = (euCountryCodes as readonly string[]).includes(country === 'EL' ? 'GR' : country);
    if (!enabled || !business || !inEu || number === '') return 'NOT_CHECKED';
    return this.vatChecker.check(country, number);
  }
}
