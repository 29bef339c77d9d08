import { useTranslate } from '../../i18n';

/** Error codes from the address (`?errors=a,b`, set by the server's code links) as a red alert list (spec 8). */
export function GlobalErrors({ codes }: { codes: readonly string[] }) {
  const t = useTranslate();
  if (codes.length === 0) return null;
  return (
    <div className="alert alert--danger" role="alert">
      <ul>
        {codes.map((code) => (
          <li key={code}>{t(code)}</li>
        ))}
      </ul>
    </div>
  );
}
