import { orderMentionsProjection, streamSummaryProjection } from '@ticketing/audit';
import type { Projection } from '@ticketing/projections';
import { catalogProjections } from '@ticketing/catalog/server';
import { salesProjections } from '@ticketing/sales/server';
import { paymentsProjections } from '@ticketing/payments/server';
import { ticketingProjections } from '@ticketing/ticketing/server';
import { accountsProjections } from '@ticketing/accounts/server';

/**
 * Every read model of the product, one list for the API (which keeps them up to date) and the tools CLI
 * (which lists, rebuilds and verifies them). A bounded context adds its projections here.
 */
export const allProjections: readonly Projection[] = [streamSummaryProjection, orderMentionsProjection, ...catalogProjections, ...salesProjections, ...paymentsProjections, ...ticketingProjections, ...accountsProjections];
