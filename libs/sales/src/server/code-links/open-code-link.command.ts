import { Inject } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CatalogOffers } from '@ticketing/catalog/contracts';
import { DomainError, NotFoundError, RuleViolations } from '@ticketing/kernel';
import { ReserveTicketsCommand } from '../reserve-tickets/reserve-tickets.command.js';
import { SALES_OPTIONS, type SalesOptions } from '../tokens.js';

/** Where a code link takes the buyer (a storefront path): the event page with the code, a booking step, or the error. */
export class OpenCodeLinkCommand extends Command<string> {
  constructor(
    readonly shortName: string,
    readonly code: string,
    readonly acceptLanguage: string | undefined,
    readonly remoteIp: string,
    readonly actor: string,
    /** The user signed in on the visitor's session: a ticket reserved by a category code is theirs. */
    readonly ownerUserId: string | null = null,
  ) {
    super();
  }
}

export const eventPath = (shortName: string) => `/event/${encodeURIComponent(shortName)}`;

/** The first of the buyer's Accept-Language that the event (or descriptor) is written in, else its first language. */
export function languageFor(acceptLanguage: string | undefined, contentLanguages: readonly string[]): string {
  const wanted = (acceptLanguage ?? '')
    .split(',')
    .map((part) => part.split(';')[0]!.trim().slice(0, 2).toLowerCase())
    .filter(Boolean);
  return wanted.find((lang) => contentLanguages.includes(lang)) ?? contentLanguages[0] ?? 'en';
}

/**
 * A usable promo or access code opens the event page with it; a category's own code reserves one ticket of that
 * category straight away (reference 3.2 item 15); anything else shows the event page with the refusal's codes.
 */
@CommandHandler(OpenCodeLinkCommand)
export class OpenCodeLinkHandler implements ICommandHandler<OpenCodeLinkCommand, string> {
  constructor(
    private readonly commands: CommandBus,
    private readonly catalog: CatalogOffers,
    @Inject(SALES_OPTIONS) private readonly options: SalesOptions,
  ) {}

  async execute({ shortName, code, acceptLanguage, remoteIp, actor, ownerUserId }: OpenCodeLinkCommand): Promise<string> {
    const offer = await this.catalog.purchaseOffer(shortName, code, this.options.clock.now());
    if (!offer) return '/';
    if (offer.code?.usable) return `${eventPath(shortName)}?code=${encodeURIComponent(code)}`;
    const category = offer.categories.find((c) => c.category.code === code);
    if (!category) return `${eventPath(shortName)}?errors=error.STEP_1_CODE_NOT_FOUND`;
    try {
      const reservationId = await this.commands.execute(
        new ReserveTicketsCommand({
          eventShortName: shortName,
          language: languageFor(acceptLanguage, offer.event.contentLanguages),
          selection: [{ categoryId: category.category.id, quantity: 1, metadata: [] }],
          services: [],
          promoCode: null,
          captcha: null,
          remoteIp,
          actor,
          ownerUserId,
          unlockedCategoryIds: [category.category.id],
        }),
      );
      return `${eventPath(shortName)}/reservation/${reservationId}/book`;
    } catch (error) {
      if (error instanceof RuleViolations) return `${eventPath(shortName)}?errors=${error.violations.map((v) => v.code).join(',')}`;
      if (error instanceof DomainError) return `${eventPath(shortName)}?errors=${error.code}`;
      if (error instanceof NotFoundError) return '/';
      throw error;
    }
  }
}
