import { Injectable } from '@nestjs/common';
import { NotFoundError } from '@ticketing/kernel';
import { reservationSubjectId, type OpenedReservation } from '@ticketing/sales/domain';
import { SubscriptionPasses, type PassIssue } from '@ticketing/subscriptions/contracts';
import { PurchaseOffers } from './purchase-offers.js';

/** What a settlement issues with the order: its tickets as ACQUIRED (paid) or TO_BE_PAID (owed at the desk: ON_SITE). */
export type IssuedAs = 'ACQUIRED' | 'TO_BE_PAID' | null;

/**
 * The pass a pass's order creates when it is paid, for the settlement's own append (see recordSettlement): the
 * descriptor's terms as they stand now, the owner as booked (the buyer unless another owner was named), a fresh
 * PIN each time it is asked, so that a settlement refused on a PIN already taken is decided again with another.
 */
@Injectable()
export class PassIssuance {
  constructor(
    private readonly offers: PurchaseOffers,
    private readonly passes: SubscriptionPasses,
  ) {}

  /**
   * null for an event's order, and for a settlement that does not pay the order: a pass is issued once paid. Owing
   * it on site is never offered for a pass (subscriptionPurchaseOffer): a pass has no door to pay at, and a pass
   * issued unpaid would pay for tickets at once.
   */
  async issueFor(state: OpenedReservation, issuedAs: IssuedAs, now: Date): Promise<PassIssue | null> {
    const context = state.opened.purchaseContext;
    if (!context || issuedAs !== 'ACQUIRED') return null;
    const offer = await this.offers.subscriptionOf(state, now);
    if (!offer) throw new NotFoundError('subscription', context.descriptorId);
    const { reservationId } = state.opened;
    const booked = state.booking?.subscriptionOwner ?? state.booking?.contact ?? null;
    return this.passes.issue({
      subscriptionId: context.subscriptionId,
      descriptor: offer.descriptor,
      reservationId,
      subjectId: reservationSubjectId(reservationId),
      // a validated booking always names one; an erased buyer leaves an owner nobody can be found by
      owner: { firstName: booked?.firstName ?? '', lastName: booked?.lastName ?? '', email: booked?.email ?? '' },
      purchasedAt: now,
    });
  }
}
