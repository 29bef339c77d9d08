import { useId } from 'react';
import { useTranslate } from '../../i18n';
import { quantityOptions } from '../selection/selection-rules';

interface Props {
  /** What is counted (a category or supplement name): the select is announced as 'Quantity for <name>'. */
  readonly itemName: string;
  readonly max: number;
  readonly value: number;
  readonly onChange: (quantity: number) => void;
}

/**
 * A native select 0..max (spec 5): keyboard and screen-reader behaviour come with the platform. The visible
 * label says 'Quantity'; the accessible name adds what it counts, so a list of them stays tellable apart.
 */
export function QuantitySelect({ itemName, max, value, onChange }: Props) {
  const t = useTranslate();
  const id = useId();
  return (
    <div className="quantity">
      <label htmlFor={id} className="quantity__label">
        {t('show-event.category.quantity')}
      </label>
      <select
        id={id}
        className="quantity__select"
        aria-label={t('a11y.quantity-for', itemName)}
        value={Math.min(value, max)}
        disabled={max === 0}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {quantityOptions(max).map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </div>
  );
}
