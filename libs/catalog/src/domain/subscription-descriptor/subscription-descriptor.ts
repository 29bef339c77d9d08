import type { SubscriptionDescriptor, SubscriptionDescriptorEvent } from '@ticketing/catalog/contracts';

/** The state of one `subscription-descriptor-{uuid}` stream. */
export type SubscriptionDescriptorState =
  | { readonly status: 'unpublished' }
  | { readonly status: 'published'; readonly descriptor: SubscriptionDescriptor };

export const initialSubscriptionDescriptorState = (): SubscriptionDescriptorState => ({ status: 'unpublished' });

export function evolveSubscriptionDescriptor(_state: SubscriptionDescriptorState, event: SubscriptionDescriptorEvent): SubscriptionDescriptorState {
  // Both events carry the whole descriptor.
  return { status: 'published', descriptor: event.data.descriptor };
}
