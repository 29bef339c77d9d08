import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CatalogOffers, type PurchaseOffer } from '@ticketing/catalog/contracts';
import { fractionDigits, NotFoundError, parseAmount, RuleViolations } from '@ticketing/kernel';
import { decideReserveTickets, refusedAfterSoldOutCheck, soldOutCategories, type ReservationPlan, type ReserveTickets, type SelectedCategory } from '@ticketing/sales/domain';
import { provenance } from '../shared/event-data.js';
import { InventoryDesk } from '../inventory/inventory-desk.js';
import { HoldsSalesFigures } from '../sales-figures/sales-figures.query.js';
import { SALES_OPTIONS, type SalesOptions } from '../tokens.js';

export interface ReserveTicketsInput {
  readonly eventShortName: string;
  readonly language: string;
  readonly selection: readonly SelectedCategory[];
  readonly services: readonly RequestedService[];
  readonly promoCode: string | null;
  readonly captcha: string | null;
  readonly remoteIp: string;
  /** `session:<id>` or `user:<id>`: who asked, for the events' metadata. */
  readonly actor: string;
  /** The signed-in user the reservation belongs to, or how to look it up: only done when the request gets that far. */
  readonly ownerUserId: string | null | (() => Promise<string | null>);
  /** Restricted categories opened by their own code link. */
  readonly unlockedCategoryIds?: readonly number[];
}

export interface RequestedService {
  readonly serviceId: number;
  readonly quantity: number;
  /** The amount as the buyer typed it, in currency units (`12.50`), or null. */
  readonly amount: string | null;
}

/**
 * `12.50` in a currency with 2 digits -> 1250, `1.005` -> 101 (half up, digit by digit: kernel parseAmount); null
 * when absent. The request schema has checked the text's grammar; what only the currency can refuse (more minor
 * units than a safe integer) is answered as the schema answers a malformed amount.
 */
function toMinorUnits(amount: string | null, digits: number, index: number): number | null {
  if (amount === null) return null;
  const parsed = parseAmount(amount, digits);
  if (parsed.ok) return parsed.minor;
  throw new RuleViolations([{ code: 'error.invalidFormat', field: `additionalService[${index}].amount`, args: [] }]);
}

/** Resolves to the new reservation's id. */
export class ReserveTicketsCommand extends Command<string> {
  constructor(readonly input: ReserveTicketsInput) {
    super();
  }
}

/** Loads the offer, decides the reservation, and has the inventory hold its seats and record it in one append. */
@CommandHandler(ReserveTicketsCommand)
export class ReserveTicketsHandler implements ICommandHandler<ReserveTicketsCommand, string> {
  constructor(
    @Inject(SALES_OPTIONS) private readonly options: SalesOptions,
    private readonly catalog: CatalogOffers,
    private readonly desk: InventoryDesk,
    private readonly figures: HoldsSalesFigures,
  ) {}

  async execute({ input }: ReserveTicketsCommand): Promise<string> {
    // After a sell-out most calls are refusals: one the inventory just refused, for no more seats of the same
    // category, with nothing appended anywhere since, is answered before the catalog, the session's user and the
    // queue (InventoryDesk.knownSoldOut). A code or a code link can change what the offer sells: those go the usual way.
    const known = input.promoCode === null && input.services.length === 0 && !input.unlockedCategoryIds?.length ? this.desk.knownSoldOut(input.eventShortName, input.selection) : null;
    if (known) throw new RuleViolations([{ code: known, field: 'reservationForm', args: [] }]);
    const now = this.options.clock.now();
    const [offer, ownerUserId] = await Promise.all([
      this.catalog.purchaseOffer(input.eventShortName, input.promoCode, now),
      typeof input.ownerUserId === 'function' ? input.ownerUserId() : input.ownerUserId,
    ]);
    if (!offer) throw new NotFoundError('event', input.eventShortName);
    // reference 12.2: asked for when the event wants it and a key is configured (the verifier passes without a secret)
    const captchaAsked = offer.event.captcha.captchaForTicketSelection && this.options.recaptchaSiteKey !== null;
    const captchaPassed = captchaAsked ? await this.options.verifyCaptcha(input.captcha, input.remoteIp) : null;
    const ticketCount = input.selection.reduce((sum, line) => sum + Math.max(0, line.quantity), 0);
    const reservationId = this.options.ids.uuid();
    // field by field: on Node 20 a property added to a spread object (`{ ...input, now }`) costs ~1.5 µs
    // each, and these were most of the handler's own time (measured)
    const command: ReserveTickets = {
      reservationId,
      ticketIds: this.ticketIds(Math.min(ticketCount, 1_000)),
      eventShortName: input.eventShortName,
      language: input.language,
      selection: input.selection,
      services: input.services.map((s, i) => ({ ...s, amount: toMinorUnits(s.amount, fractionDigits(offer.event.currency), i) })),
      promoCode: input.promoCode,
      captchaPassed,
      ownerUserId,
      now,
      unlockedCategoryIds: input.unlockedCategoryIds,
    };
    const plan = await this.decide(command, offer);
    const metadata = provenance(reservationId, input.actor, now);
    // one event: the hold opens the reservation (SeatsHeld.opening), whose own stream is written from the buyer's
    // first change (ReservationLog); a hold of two events cost a third more machine CPU under a rush (bench/rush)
    const { outcome, position, projectedInline } = await this.desk.hold(plan.hold, metadata, () => []);
    if (!outcome.held) throw new RuleViolations([{ code: outcome.code, field: 'reservationForm', args: [] }]);
    // Read-your-writes: what a buyer reads next is the reservation (its hold, found by the holds read model) and the
    // seats left (the same read model, which the append wrote in its own transaction on PostgreSQL); otherwise wait
    // for the runner.
    // The reservations read model follows with the runner: only the sweeper reads it, minutes later.
    if (position !== null && !projectedInline) await this.options.waitForProjections(position);
    return reservationId;
  }

  /**
   * The plan, or the refusal the reference gives: it checks that no category is sold out (step 6) before access and
   * payment (step 7), and reports it beside a bad code or captcha (steps 1-2). A selection refused for one of those is
   * decided again knowing what the holds read model shows sold out (an error path only: the seats are the inventory's).
   */
  private async decide(command: ReserveTickets, offer: PurchaseOffer): Promise<ReservationPlan> {
    try {
      return decideReserveTickets(command, offer);
    } catch (error) {
      if (!(error instanceof RuleViolations) || !refusedAfterSoldOutCheck(error.violations)) throw error;
      const soldOut = soldOutCategories(offer, (await this.figures.forEvent(command.eventShortName)).takenByCategory);
      if (soldOut.length === 0) throw error;
      return decideReserveTickets({ ...command, soldOutCategoryIds: soldOut }, offer);
    }
  }

  /** A loop, not `Array.from({ length })`: the array-like path cost as much as the ids themselves (measured). */
  private ticketIds(count: number): string[] {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) ids.push(this.options.ids.uuid());
    return ids;
  }
}
