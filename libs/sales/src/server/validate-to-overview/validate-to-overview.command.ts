import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { UserProfiles } from '@ticketing/accounts/contracts';
import type { PurchaseOffer } from '@ticketing/catalog/contracts';
import { handleCommand, type EventStore } from '@ticketing/event-store';
import { euCountryCodes, isoCountryCodes } from '@ticketing/i18n';
import { NotFoundError, wallClock } from '@ticketing/kernel';
import { validateBooking, type BookingContext, type BookingForm, type FieldError, type VatCheckStatus } from '@ticketing/sales/booking-rules';
import { contentLanguageOf, decideRecordBooking, purchaseContextTypeOf, vatCheckRequest, vatFieldChecks, type InvoiceTerms, type OpenedReservation } from '@ticketing/sales/domain';
import { provenance } from '../shared/event-data.js';
import { PurchaseOffers } from '../purchase-context/purchase-offers.js';
import { appendAlone, ReservationLog, reservationAppend, reservationToLog } from '../reservation/reservation-stream.js';
import { EU_VAT_CHECKER, SALES_EVENT_STORE, SALES_OPTIONS, type SalesOptions, type VatNumberChecker } from '../tokens.js';
import { bookedItems, bookedTickets } from './booked-questions.js';
import { bookedProfileOf, type Buyer } from './buyer-profile.js';

export interface ValidateToOverviewInput {
  readonly reservationId: string;
  readonly form: BookingForm;
  readonly ignoreWarnings: boolean;
  /** The step's `lang`: the language the buyer is on now. */
  readonly language: string;
  readonly actor: string;
  /** The public user signed in on the caller's session, whose profile a validated booking saves; null when anonymous. */
  readonly buyer: Buyer | null;
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

/**
 * `validate-to-overview` (reference 3.3 item 20): the booking details are checked against the event's rules
 * and fields, recorded on the reservation (valid or not, so the buyer finds them again) and, when they passed
 * and no warning is left unaccepted, marked validated so the overview can be confirmed. Then a signed-in buyer's
 * profile is saved from it too (invoice address, their own ticket's answers), in the same append as the booking's
 * events: the profile never says what a booking that was not recorded said, and a booking is never recorded without
 * the profile it saves.
 */
@CommandHandler(ValidateToOverviewCommand)
export class ValidateToOverviewHandler implements ICommandHandler<ValidateToOverviewCommand, BookingOutcome> {
  constructor(
    @Inject(SALES_OPTIONS) private readonly options: SalesOptions,
    @Inject(SALES_EVENT_STORE) private readonly store: EventStore,
    @Inject(EU_VAT_CHECKER) private readonly vatChecker: VatNumberChecker,
    private readonly offers: PurchaseOffers,
    private readonly profiles: UserProfiles,
    private readonly reservations: ReservationLog,
  ) {}

  async execute({ input }: ValidateToOverviewCommand): Promise<BookingOutcome> {
    // asked once: the form does not change between attempts
    let vatCheck: Promise<VatCheckStatus> | undefined;
    let fieldChecks: Promise<Record<string, VatCheckStatus>> | undefined;
    return handleCommand({
      load: () => this.reservations.load(input.reservationId),
      decide: async (loaded) => {
        const { state } = loaded;
        const now = this.options.clock.now();
        if (state.status !== 'PENDING') throw new NotFoundError('reservation', input.reservationId);
        const offer = await this.offers.forReservation(state, now);
        if (!offer) throw new NotFoundError('event', state.eventShortName);
        const language = contentLanguageOf(input.language, offer.event.contentLanguages);
        const context = { ...this.contextOf(state, offer, now), language };
        vatCheck ??= this.checkVat(input.form, context);
        fieldChecks ??= this.checkVatFields(input.form, context, offer.organizer?.invoicing?.country ?? null);
        const { errors, warnings, booking: details, subscriptionOwner } = validateBooking(input.form, { ...context, vatCheck: { status: await vatCheck }, vatFieldChecks: await fieldChecks });
        const booking = subscriptionOwner ? { ...details, subscriptionOwner } : details;
        const passed = errors.length === 0 && (warnings.length === 0 || input.ignoreWarnings);
        const events = decideRecordBooking(state, { reservationId: input.reservationId, booking, passed, language });
        const result = { errors, warnings };
        const metadata = provenance(this.options.ids.uuid(), input.actor, now, input.reservationId);
        const profile =
          passed && input.buyer
            ? await this.profiles.planSaveFromBooking(input.buyer.userId, bookedProfileOf(booking, state.opened.tickets, offer.attendeeFields, input.buyer), metadata)
            : null;
        if (events.length === 0 && !profile) return { result };
        const reservation = reservationAppend(input.reservationId, loaded, events.map((e) => reservationToLog(e, metadata)));
        // the buyer's profile with the booking, all or nothing: a conflict on either stream decides both again
        if (profile) return { result, append: () => this.store.appendToStreams([reservation, profile]) };
        return { result, append: () => appendAlone(this.store, reservation) };
      },
      written: (position) => this.options.waitForProjections(position),
    });
  }

  /** Everything the rules read but the VIES outcomes, which are asked for with it. */
  private contextOf(state: OpenedReservation, offer: PurchaseOffer, now: Date): BookingContext {
    const { event, invoicing } = offer;
    const today = wallClock(now, event.timeZone);
    return {
      purchaseContextType: purchaseContextTypeOf(state.opened),
      tickets: bookedTickets(state.opened.tickets, offer.attendeeFields),
      items: bookedItems(state.price.items, offer.services, offer.attendeeFields),
      invoicing,
      paymentRequired: state.price.requiresPayment,
      forceAssignment: event.assignment.forceAssignment,
      categoriesLinkedToGroups: false,
      contentLanguages: event.contentLanguages,
      today: `${today.year}-${pad(today.month)}-${pad(today.day)}`,
      euCountryCodes,
      countryCodes: isoCountryCodes,
      vatCheck: { status: 'NOT_CHECKED' },
    };
  }

  /** The EU VAT check (VIES) of a business invoice's number, when the rules ask for one; never throws. */
  private async checkVat(form: BookingForm, terms: InvoiceTerms): Promise<VatCheckStatus> {
    const request = vatCheckRequest(form, terms, euCountryCodes);
    return request ? this.vatChecker.check(request.country, request.number) : 'NOT_CHECKED';
  }

  /** The VIES check of each `vat:eu` answer that asks for one (as alf.io checks them), all at once; never throws. */
  private async checkVatFields(form: BookingForm, context: BookingContext, organizerCountry: string | null): Promise<Record<string, VatCheckStatus>> {
    const checks = vatFieldChecks(form, context, organizerCountry);
    const outcomes = await Promise.all(checks.map((c) => this.vatChecker.check(c.country, c.number)));
    return Object.fromEntries(checks.map((c, i) => [c.key, outcomes[i]!]));
  }
}
