import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CatalogOffers, type EventDetails, type WaitingListAvailability } from '@ticketing/catalog/contracts';
import { handleCommand, type EventStore } from '@ticketing/event-store';
import { NotFoundError } from '@ticketing/kernel';
import { decideSubscribeToWaitingList, waitingListStreamId, type WaitingListForm, type WaitingListTerms } from '@ticketing/sales/domain';
import { provenance } from '../shared/event-data.js';
import { SALES_EVENT_STORE, SALES_OPTIONS, type SalesOptions } from '../tokens.js';
import { loadWaitingList, toLogAppend } from '../waiting-list/waiting-list-stream.js';

export interface SubscribeToWaitingListInput {
  readonly eventShortName: string;
  readonly form: WaitingListForm;
  /** `session:<id>` or `anonymous`: who asked, for the events' metadata. */
  readonly actor: string;
  /** The signed-in person who asks (the seat offered later is theirs), null when anonymous. */
  readonly ownerUserId: string | null;
}

/** Resolves to true when the subscriber was added, false when the list takes no entries or already has them. */
export class SubscribeToWaitingListCommand extends Command<boolean> {
  constructor(readonly input: SubscribeToWaitingListInput) {
    super();
  }
}

/** The list's terms from what the event page shows: the same flags decide whether the form is offered at all. */
function termsOf(event: EventDetails, availability: WaitingListAvailability): WaitingListTerms {
  return {
    open: availability.open,
    categoryIds: availability.categoryIds,
    contentLanguages: event.contentLanguages,
    privacyPolicyRequired: (event.privacyPolicyUrl ?? '').trim() !== '',
  };
}

/** Two sign-ups for one event at the same instant: the later one decides again on the list as it now is. */
const MAX_ATTEMPTS = 10;

/** Loads the list, decides, appends with the list's revision (the one-entry-per-e-mail rule holds under races). */
@CommandHandler(SubscribeToWaitingListCommand)
export class SubscribeToWaitingListHandler implements ICommandHandler<SubscribeToWaitingListCommand, boolean> {
  constructor(
    @Inject(SALES_OPTIONS) private readonly options: SalesOptions,
    @Inject(SALES_EVENT_STORE) private readonly store: EventStore,
    private readonly catalog: CatalogOffers,
  ) {}

  async execute({ input }: SubscribeToWaitingListCommand): Promise<boolean> {
    const { eventShortName, form, actor, ownerUserId } = input;
    const now = this.options.clock.now();
    const [offer, availability] = await Promise.all([this.catalog.purchaseOffer(eventShortName, null, now), this.catalog.waitingListAvailability(eventShortName)]);
    if (!offer || !availability) throw new NotFoundError('event', eventShortName);
    const terms = termsOf(offer.event, availability);
    const subscriberId = this.options.ids.uuid();
    const command = { subscriberId, subjectId: `waiting-list-subscriber-${subscriberId}`, eventShortName, form, terms, ownerUserId };
    const metadata = provenance(subscriberId, actor, now);

    return handleCommand({
      load: () => loadWaitingList(this.store, eventShortName),
      decide: ({ state, revision }) => {
        const events = decideSubscribeToWaitingList(command, state);
        if (events.length === 0) return { result: false };
        return { result: true, append: () => this.store.append(waitingListStreamId(eventShortName), events.map((e) => toLogAppend(e, metadata)), revision) };
      },
      written: (position) => this.options.waitForProjections(position),
      attempts: MAX_ATTEMPTS,
    });
  }
}
