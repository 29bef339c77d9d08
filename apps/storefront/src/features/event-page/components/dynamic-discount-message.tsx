import type { CheckDiscountForm } from '@ticketing/api-client';
import type { EventCode, EventWithAdditionalInfo } from '../../../api/catalog-queries';
import { dynamicDiscount } from '../event-page-parts';

interface Props {
  readonly shortName: string;
  readonly event: Pick<EventWithAdditionalInfo, 'contentLanguages'>;
  /** The chosen quantities; the check (and its code) loads once there are some. */
  readonly lines: CheckDiscountForm['reservation'];
  readonly code: EventCode | null;
}

/**
 * The automatic-discount message. The live region stays in the page, so a message appearing after a quantity
 * change is announced politely; what asks the server comes with the first chosen ticket, inside the region.
 */
export function DynamicDiscountMessage({ shortName, event, lines, code }: Props) {
  return (
    <div role="status" className="dynamic-discount">
      {lines.length > 0 ? <dynamicDiscount.Part shortName={shortName} event={event} lines={lines} code={code} /> : null}
    </div>
  );
}
