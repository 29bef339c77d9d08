import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CatalogOffers } from '@ticketing/catalog/contracts';
import { NotFoundError, RuleViolations } from '@ticketing/kernel';
import { decideReserveSubscription, subscriptionHoldRefusal } from '@ticketing/sales/domain';
import { languageFor } from '../code-links/open-code-link.command.js';
import { InventoryDesk } from '../inventory/inventory-desk.js';
import { provenance } from '../shared/event-data.js';
import { SALES_OPTIONS, type SalesOptions } from '../tokens.js';

/** `POST /subscription/{id}`: resolves to the new reservation's id. */
export class ReserveSubscriptionCommand extends Command<string> {
  constructor(
    readonly descriptorId: string,
    readonly acceptLanguage: string | undefined,
    /** `session:<id>` or `user:<id>`, for the events' metadata. */
    readonly actor: string,
    /** The user signed in on the buyer's session (the pass's order is theirs), null when anonymous. */
    readonly ownerUserId: string | null = null,
  ) {
    super();
  }
}

/**
 * Opens a reservation for one pass: the inventory desk, keyed by the descriptor, counts it against
 * `maxAvailable` and appends the reservation's first event with the hold, all or nothing, so that concurrent
 * buyers of the last pass (in this process or another) never both get it.
 */
@CommandHandler(ReserveSubscriptionCommand)
export class ReserveSubscriptionHandler implements ICommandHandler<ReserveSubscriptionCommand, string> {
  constructor(
    @Inject(SALES_OPTIONS) private readonly options: SalesOptions,
    private readonly catalog: CatalogOffers,
    private readonly desk: InventoryDesk,
  ) {}

  async execute({ descriptorId, acceptLanguage, actor, ownerUserId }: ReserveSubscriptionCommand): Promise<string> {
    const now = this.options.clock.now();
    const offer = await this.catalog.subscriptionOffer(descriptorId, now);
    if (!offer) throw new NotFoundError('subscription', descriptorId);
    const reservationId = this.options.ids.uuid();
    const plan = decideReserveSubscription(
      {
        reservationId,
        subscriptionId: this.options.ids.uuid(),
        descriptorId,
        language: languageFor(acceptLanguage, offer.descriptor.contentLanguages),
        ownerUserId,
        now,
      },
      offer,
    );
    const metadata = provenance(reservationId, actor, now);
    // the hold opens the reservation (SeatsHeld.opening): its own stream is written from the buyer's first change
    const { outcome, position, projectedInline } = await this.desk.hold(plan.hold, metadata, () => []);
    if (!outcome.held) throw new RuleViolations([{ code: subscriptionHoldRefusal(outcome.code), field: 'reservationForm', args: [] }]);
    // the page's count of passes left reads the holds read model: read-your-writes as for an event's seats
    if (position !== null && !projectedInline) await this.options.waitForProjections(position);
    return reservationId;
  }
}
