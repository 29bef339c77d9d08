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
   * null for an event's order, and for a settlement that issues nothing (a bank transfer awaited). A pass paid on
   * site is issued at confirmation, as its tickets are and as alf.io does (its subscription confirmed TO_BE_PAID):
   * the order completes owing its price (notYetPaid), and a COMPLETE order always has its pass.
   */
  async issueFor(state: OpenedReservation, issuedAs: IssuedAs, now: Date): Promise<PassIssue | null> {
    const context = state.opened.purchaseContext;
    if (!context || issuedAs === null) return null;
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
