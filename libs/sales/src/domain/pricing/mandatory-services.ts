import type { AdditionalService } from '@ticketing/catalog/contracts';
import { percentOf } from '@ticketing/kernel';
import type { ServiceSelection } from './reservation-price.js';

/**
 * The selections every reservation must carry, to add to what the buyer chose before pricing:
 * MANDATORY_ONE_FOR_TICKET once per ticket, each MANDATORY_PERCENTAGE_* fee once per reservation.
 * The buyer never picks these (drop any buyer selection of a mandatory service first: see
 * withMandatoryServices). Pass only the services on sale now: the domain reads no clock.
 * An empty reservation carries no fee.
 */
export function mandatoryServices(services: readonly AdditionalService[], ticketCount: number): ServiceSelection[] {
  if (ticketCount <= 0) return [];
  return services
    .filter((service) => service.type === 'SUPPLEMENT' && isMandatory(service))
    .map((service) => ({ service, quantity: service.supplementPolicy === 'MANDATORY_ONE_FOR_TICKET' ? ticketCount : 1, amount: null }));
}

/** The buyer's choice of optional services plus the mandatory ones, whatever the buyer sent for the latter. */
export function withMandatoryServices(
  chosen: readonly ServiceSelection[],
  onSale: readonly AdditionalService[],
  ticketCount: number,
): ServiceSelection[] {
  return [...chosen.filter((selection) => !isMandatory(selection.service)), ...mandatoryServices(onSale, ticketCount)];
}

export function isMandatory(service: AdditionalService): boolean {
  return service.supplementPolicy?.startsWith('MANDATORY_') ?? false;
}

/**
 * A percentage fee (reference 6): `service.percentage` % of its base, rounded half up, then clamped to
 * minPrice / maxPrice. The base is the caller's: see price-reservation.ts.
 */
export function percentageFee(base: number, service: AdditionalService): number {
  return withinBounds(percentOf(Math.max(0, base), service.percentage ?? 0), service);
}

/** An amount clamped to the service's minPrice / maxPrice (a bound left null does not apply). */
export function withinBounds(amount: number, service: AdditionalService): number {
  const atLeast = service.minPrice === null ? amount : Math.max(amount, service.minPrice);
  return service.maxPrice === null ? atLeast : Math.min(atLeast, service.maxPrice);
}
