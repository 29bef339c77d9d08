import type { EventWithAdditionalInfo } from '../../../api/catalog-queries';
import type { CodeState } from '../event-loaders';
import { usePromoCode } from '../hooks/use-promo-code';
import { PromoCodeBox } from './promo-code-box';

interface Props {
  readonly shortName: string;
  readonly event: EventWithAdditionalInfo;
  /** The loader's check of the address's `code`. */
  readonly codeState: CodeState;
}

/** The promo code box wired to the address's code (usePromoCode); the loader's verdict shows until the visitor acts. */
export function PromoCode({ shortName, event, codeState }: Props) {
  const promo = usePromoCode(shortName);
  return (
    <PromoCodeBox
      applied={codeState.eventCode}
      error={promo.error === undefined ? codeState.codeError : promo.error}
      partner={event.promotionsConfiguration?.usePartnerCode ?? false}
      currency={event.currency}
      pending={promo.pending}
      onApply={promo.apply}
      onRemove={() => void promo.remove()}
    />
  );
}
