import { useQuery } from '@tanstack/react-query';
import { Link, useRouterState } from '@tanstack/react-router';
import { getStartLoginUrl } from '@ticketing/api-client';
import { useEffect, useId, useRef, useState } from 'react';
import { meQueryOptions } from '../../../api/user-queries';
import { isFramed } from '../../embedding';
import { useLanguage, useTranslate } from '../../i18n';
import { useToast } from '../../toast';
import { reservationPageOf } from '../../../app/reservation-page';
import { useLogout } from '../hooks/use-logout';
import { takeProfileDeletedFlag } from '../profile-deleted-flag';
import '../auth.css';

/** Whether the server marked this page as the first after the login that registered the person; clears the mark. */
function takeSignedUpMark(): boolean {
  const root = document.getElementById('root');
  if (!root?.hasAttribute('data-signed-up')) return false;
  root.removeAttribute('data-signed-up');
  return true;
}

/**
 * Spec 2, Chrome: anonymous, a link to the login that comes back to this page in this page's language (of a reservation's pages, only the
 * success page offers it: reservationPageOf); signed in, a disclosure button naming
 * the person that opens my orders, my profile and logout. In a frame (another site's page), neither the login nor
 * the account's pages: only logout. Escape or a click elsewhere closes it (Escape gives the
 * focus back to the button). Once back home after a deletion, the flag the profile page left shows its toast; on the
 * first page after the login that registered the person, the mark the server put on the root shows the sign-up's.
 */
export function UserMenu() {
  const t = useTranslate();
  const lang = useLanguage();
  const toast = useToast();
  const { data: user, isPending } = useQuery(meQueryOptions());
  const here = useRouterState({ select: (s) => s.location.href });
  const reservationPage = useRouterState({ select: (s) => reservationPageOf(s.location.pathname) });
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const listId = useId();

  useEffect(() => {
    if (takeProfileDeletedFlag()) toast.success('my-profile.delete.success');
    else if (takeSignedUpMark()) toast.success('my-profile.sign-up.success');
  }, [toast]);

  useEffect(() => {
    if (!open) return;
    const outside = (e: Event) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('focusin', outside);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('focusin', outside);
    };
  }, [open]);

  if (isPending) return null;
  // in another site's frame the browser sends no cookies of ours: a login could never end signed in there, and the
  // account's pages would find nobody
  const framed = isFramed();
  if (!user) {
    if (framed || (reservationPage && reservationPage !== 'success')) return null;
    return (
      <a className="button button--secondary button--small" href={getStartLoginUrl({ returnTo: here, lang })}>
        {t('user.menu.login')}
      </a>
    );
  }
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.emailAddress || '';
  const close = () => setOpen(false);
  return (
    <div
      ref={rootRef}
      className="user-menu"
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="button button--secondary button--small user-menu__button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        <span className="visually-hidden">{t('user.menu.title')} </span>
        <span className="user-menu__name">{name}</span>
        <span className="user-menu__caret" aria-hidden="true" />
      </button>
      <ul id={listId} className="user-menu__list" hidden={!open}>
        {framed ? null : (
          <>
            <li>
              <Link to="/$accountPage" params={{ accountPage: 'my-orders' }} className="user-menu__item" onClick={close}>
                {t('user.menu.my-orders')}
              </Link>
            </li>
            <li>
              <Link to="/$accountPage" params={{ accountPage: 'my-profile' }} className="user-menu__item" onClick={close}>
                {t('user.menu.my-profile')}
              </Link>
            </li>
          </>
        )}
        <li>
          <button type="button" className="user-menu__item" aria-busy={logout.pending || undefined} onClick={() => void logout.logout()}>
            {t('user.menu.logout')}
          </button>
        </li>
      </ul>
    </div>
  );
}
