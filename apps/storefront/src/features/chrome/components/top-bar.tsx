import { Link } from '@tanstack/react-router';
import { useAtomValue } from 'jotai';
import type { ReactNode } from 'react';
import { openIdEnabledAtom } from '../../auth/atoms';
import { userMenu } from '../../auth/user-menu-part';
import { useTranslate } from '../../i18n';
import { outOfFrame } from '../../embedding/framed';

/**
 * Brand link home on the left (in a frame, to a new tab: the host embeds one event or pass), the page's controls
 * (language) and the login link or user menu on the right.
 */
export function TopBar({ children }: { children?: ReactNode }) {
  const t = useTranslate();
  return (
    <div className="top-bar">
      <div className="top-bar__inner container">
        <Link to="/" className="top-bar__brand" {...outOfFrame()}>
          {t('storefront.brand')}
        </Link>
        <div className="top-bar__controls">
          {children}
          {useAtomValue(openIdEnabledAtom) ? <userMenu.Part /> : null}
        </div>
      </div>
    </div>
  );
}
