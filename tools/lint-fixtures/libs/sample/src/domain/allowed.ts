// Allowed: pure domain code importing the kernel only.
import { DomainError } from '@ticketing/kernel';
export const fail = (at: Date) => new DomainError('error.x', undefined, [at.toISOString()]);
