import { streamSummaryProjection } from '@ticketing/audit';
import type { Projection } from '@ticketing/projections';

/** Every read model the API keeps up to date; the tools CLI rebuilds and verifies the same list. */
export const allProjections: readonly Projection[] = [streamSummaryProjection];
