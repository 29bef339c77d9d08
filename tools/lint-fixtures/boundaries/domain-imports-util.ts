// lint as: libs/catalog/src/domain/fixture.ts
// Violates: domain code depends on the kernel only (formatting is the server's).
import { formatPerLanguage } from '@ticketing/formatting';
export const x = formatPerLanguage;
