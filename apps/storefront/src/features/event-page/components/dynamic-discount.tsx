import type { CheckDiscountForm } from '@ticketing/api-client';
import type { EventCode, EventWithAdditionalInfo } from '../../../api/catalog-queries';
import { useDynamicDiscount } from '../hooks/use-dynamic-discount';

interface Props {
  readonly shortName: string;
  readonly event: Pick<EventWithAdditionalInfo, 'contentLanguages'>;
  readonly lines: CheckDiscountForm['reservation'];
  readonly code: EventCode | null;
}

/** The automatic discount the chosen quantities would get (useDynamicDiscount), as a notice; nothing when none. */
export function DynamicDiscount({ shortName, event, lines, code }: Props) {
  const message = useDynamicDiscount(shortName, event, lines, code);
  return message ? <p className="notice notice--info">{message}</p> : null;
}
