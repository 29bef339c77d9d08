// lint as: libs/sales/src/domain/fixture.ts
// Allowed: domain code takes types from another context's contracts, values from the kernel.
import type { PurchaseOffer } from '@ticketing/catalog/contracts';
import { DomainError } from '@ticketing/kernel';
export type X = PurchaseOffer;
export const y = DomainError;
