import { useTranslate } from '../../i18n';
import type { FieldError } from '../model/field-names';

interface Props {
  /** Errors no field owns (spec 5: unmapped server errors), each translated with its arguments. */
  readonly globalErrors: readonly FieldError[];
  /** Whether some field shows an error: the summary then asks to check the fields. */
  readonly hasFieldErrors?: boolean;
}

/**
 * The error summary above the contact fields (spec 8: a red alert list, codes in bold). role="alert" has it
 * read as soon as it appears, wherever the focus is.
 */
export function ErrorSummary({ globalErrors, hasFieldErrors = false }: Props) {
  const t = useTranslate();
  if (globalErrors.length === 0 && !hasFieldErrors) return null;
  return (
    <div className="alert alert--danger booking-error-summary" role="alert">
      {hasFieldErrors ? <p>{t('reservation-page-complete.please-check-input-fields')}</p> : null}
      {globalErrors.length > 0 ? (
        <ul>
          {globalErrors.map((e, i) => (
            <li key={`${e.code}-${i}`}>
              <strong>{t(e.code, ...e.args)}</strong>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
