import { useTranslate } from '../../i18n';
import type { FieldError } from '../model/field-names';

/** The star of a required field: seen, not read (the control itself says `required`). */
export function RequiredMark({ required }: { required: boolean | undefined }) {
  return required ? (
    <>
      {' '}
      <span className="booking-required" aria-hidden="true">
        *
      </span>
    </>
  ) : null;
}

/** The translated error under a field; its id goes into the control's aria-describedby. */
export function FieldErrorText({ id, error }: { id: string; error: FieldError | undefined }) {
  const t = useTranslate();
  if (!error) return null;
  return (
    <p id={id} className="field-error">
      {t(error.code, ...error.args)}
    </p>
  );
}

/** aria-describedby from the ids that apply, or undefined. */
export const describedBy = (...ids: (string | false | null | undefined)[]): string | undefined => ids.filter(Boolean).join(' ') || undefined;
