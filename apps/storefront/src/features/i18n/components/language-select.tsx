import { useAtom } from 'jotai';
import { useId } from 'react';
import { useLanguages } from '../../../api/app-queries';
import { languageAtom } from '../atoms';
import { useTranslate } from '../hooks/use-translate';

interface Props {
  /** Only these locales (e.g. the content languages of what the page shows); all available ones when absent. */
  readonly restrictTo?: readonly string[];
  /** Called after the language changed (the root route uses it to drop a stale `lang` query parameter). */
  readonly onChange?: (lang: string) => void;
}

/**
 * A native select with a visible label: keyboard and screen-reader behaviour come from the platform. Each
 * option names its language in that language (`displayLanguage`) and carries its own `lang` attribute.
 */
export function LanguageSelect({ restrictTo, onChange }: Props) {
  const t = useTranslate();
  const id = useId();
  const [language, setLanguage] = useAtom(languageAtom);
  const { data: languages = [] } = useLanguages();
  const offered = restrictTo
    ? languages.filter((l) => restrictTo.some((r) => r.toLowerCase() === l.locale.toLowerCase()))
    : languages;
  if (offered.length < 2) return null;

  return (
    <div className="language-select">
      <label htmlFor={id}>{t('reservation-page-complete.language')}</label>
      <select
        id={id}
        value={language ?? ''}
        onChange={(event) => {
          setLanguage(event.target.value);
          onChange?.(event.target.value);
        }}
      >
        {offered.map((l) => (
          <option key={l.locale} value={l.locale} lang={l.locale}>
            {l.displayLanguage}
          </option>
        ))}
      </select>
    </div>
  );
}
