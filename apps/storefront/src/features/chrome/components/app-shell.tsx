import { useRouterState } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { optionalText, useInfo } from '../../../api/app-queries';
import { reservationPageOf } from '../../../app/reservation-page';
import { SiteBanners } from './site-banners';
import { SiteFooter } from './site-footer';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { TopBar } from './top-bar';

interface Props {
  /** Controls at the end of the top bar (the language select). */
  readonly topBarControls?: ReactNode;
  /** The page's own terms and privacy links (an event's), used instead of the global ones when given. */
  readonly legalLinks?: { readonly termsUrl?: string | null | undefined; readonly privacyUrl?: string | null | undefined } | undefined;
  readonly children: ReactNode;
}

/**
 * Page chrome around every route: skip link, banners, top bar, main landmark, footer. A reservation's pages offer the
 * top bar's login link (the user menu decides) and the footer's links on some of them only (reservationPageOf).
 */
export function AppShell({ topBarControls, legalLinks, children }: Props) {
  const { data: info } = useInfo();
  const page = useRouterState({ select: (s) => reservationPageOf(s.location.pathname) });
  return (
    <div className="app">
      <SkipLink />
      <header className="site-header">
        <SiteBanners info={info} />
        <TopBar>{topBarControls}</TopBar>
      </header>
      <main id={MAIN_CONTENT_ID} className="site-main container" tabIndex={-1}>
        {children}
      </main>
      {!page || page === 'book' ? (
        <SiteFooter
          termsUrl={optionalText(legalLinks?.termsUrl) ?? optionalText(info?.globalTermsUrl)}
          privacyUrl={optionalText(legalLinks?.privacyUrl) ?? optionalText(info?.globalPrivacyPolicyUrl)}
        />
      ) : null}
    </div>
  );
}
