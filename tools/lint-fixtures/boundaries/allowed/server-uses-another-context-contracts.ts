// lint as: libs/sales/src/server/fixture.ts
// Allowed: a context's server uses another context's contracts (values too), its own domain, platform and shared libraries.
import { CatalogOffers } from '@ticketing/catalog/contracts';
import { EventStore } from '@ticketing/event-store';
import { parseAmount } from '@ticketing/kernel';
import { formatPerLanguage } from '@ticketing/formatting';
import { decideReserveTickets } from '@ticketing/sales/domain';
export const x = [CatalogOffers, EventStore, parseAmount, formatPerLanguage, decideReserveTickets];
