import type { Decider } from '@ticketing/kernel';
import type { SubscriptionDescriptor, SubscriptionDescriptorEvent } from '@ticketing/catalog/contracts';
import { catalogErrors, CatalogRejected, rejectIfAny } from '../shared/catalog-violation.js';
import { sameValue } from '../shared/same-value.js';
import {
  evolveSubscriptionDescriptor,
  initialSubscriptionDescriptorState,
  type SubscriptionDescriptorState,
} from './subscription-descriptor.js';
import { validateSubscriptionDescriptor } from './validate-subscription-descriptor.js';

/** "This is the subscription descriptor now": publishes it, changes it, or does nothing. */
export interface PublishSubscriptionDescriptor {
  readonly type: 'PublishSubscriptionDescriptor';
  readonly data: { readonly descriptor: SubscriptionDescriptor };
}

export function decidePublishSubscriptionDescriptor(
  command: PublishSubscriptionDescriptor,
  state: SubscriptionDescriptorState,
): SubscriptionDescriptorEvent[] {
  const { descriptor } = command.data;
  rejectIfAny(validateSubscriptionDescriptor(descriptor));
  if (state.status === 'unpublished') return [{ type: 'SubscriptionDescriptorPublished', data: { descriptor } }];
  if (state.descriptor.organizerSlug !== descriptor.organizerSlug) {
    throw new CatalogRejected([{ code: catalogErrors.ownedByAnotherOrganizer, field: 'descriptor.organizerSlug', args: [state.descriptor.organizerSlug] }]);
  }
  return sameValue(state.descriptor, descriptor) ? [] : [{ type: 'SubscriptionDescriptorChanged', data: { descriptor } }];
}

/** The decider of one `subscription-descriptor-{uuid}` stream. */
export const subscriptionDescriptorDecider: Decider<SubscriptionDescriptorState, PublishSubscriptionDescriptor, SubscriptionDescriptorEvent> = {
  initialState: initialSubscriptionDescriptorState,
  evolve: evolveSubscriptionDescriptor,
  decide: decidePublishSubscriptionDescriptor,
};
