import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslate } from '../../i18n';

/** Brand link home on the left, the page's controls (language, later the user menu) on the right. */
export function TopBar({ children }: { children?: ReactNode }) {
  const t = useTranslate();
  return (
    <div className="top-bar">
      <div className="top-bar__inner container">
        <Link to="/" className="top-bar__brand">
          {t('storefront.brand')}
        </Link>
        <div className="top-bar__controls">{children}</div>
      </div>
    </div>
  );
}
