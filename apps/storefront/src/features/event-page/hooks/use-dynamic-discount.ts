import { useQuery } from '@tanstack/react-query';
import { checkDiscount, getCheckDiscountUrl } from '@ticketing/api-client';
import type { CheckDiscountForm } from '@ticketing/api-client';
import type { EventCode, EventWithAdditionalInfo } from '../../../api/catalog-queries';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useLocalized } from '../../i18n';

/** Quantities settle for this long before the server is asked (a burst of changes makes one call). */
export const DISCOUNT_CHECK_DEBOUNCE_MS = 500;

type Lines = CheckDiscountForm['reservation'];

/**
 * The automatic discount the chosen quantities would get (spec 4: re-checked on every selection change unless
 * a non-access code is applied). POST check-discount answers the message per language, or 204 for none. It is
 * a read, so it is a query: keyed by the generated URL and the lines, cached, an outdated answer discarded.
 */
export function useDynamicDiscount(shortName: string, event: Pick<EventWithAdditionalInfo, 'contentLanguages'>, lines: Lines, code: EventCode | null): string | null {
  const localize = useLocalized();
  const codeBlocks = code !== null && code.type !== 'ACCESS';
  // Mounted with the first chosen ticket (DynamicDiscountMessage): that choice settles like any later one.
  const settled = useDebouncedValue(JSON.stringify(lines), DISCOUNT_CHECK_DEBOUNCE_MS, '[]');
  const reservation = JSON.parse(settled) as Lines;
  const promoCode = code?.code ?? null;
  const { data } = useQuery({
    queryKey: [getCheckDiscountUrl(shortName), { reservation, promoCode }] as const,
    queryFn: ({ signal }) => checkDiscount(shortName, { reservation, promoCode }, { signal }),
    enabled: !codeBlocks && reservation.length > 0,
    staleTime: 60_000,
    retry: false,
    select: (answer) => (answer.status === 200 ? answer.data.formattedMessage : null),
  });
  if (codeBlocks || lines.length === 0 || !data) return null;
  return localize(data, event.contentLanguages) || null;
}
