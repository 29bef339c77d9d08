import { useTranslate } from '../../i18n';
import type { ErrorMessage } from '../error-messages';

/**
 * Global errors as a red alert list (spec 8): each code translated with its arguments; a code the bundle does
 * not know shows as itself. Used for the `?errors=` codes of the address and for a refused reservation.
 */
export function GlobalErrors({ errors }: { errors: readonly ErrorMessage[] }) {
  const t = useTranslate();
  if (errors.length === 0) return null;
  return (
    <div className="alert alert--danger" role="alert">
      <ul>
        {errors.map((e, i) => (
          <li key={`${e.code}-${i}`}>{t(e.code, ...e.args)}</li>
        ))}
      </ul>
    </div>
  );
}
