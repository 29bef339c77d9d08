import { atom } from 'jotai';

/** Spec 9: browser storage remembers the dismissal of the announcement banner, with the value 'true'. */
export const ANNOUNCEMENT_DISMISSED_KEY = 'alfio.announcement-banner.dismissed';

const announcementDismissedState = atom<boolean | undefined>(undefined);

/** Read from localStorage on first use in a store (no flash of a dismissed banner), written through on change. */
export const announcementDismissedAtom = atom(
  (get) => get(announcementDismissedState) ?? readAnnouncementDismissed(),
  (_get, set, dismissed: boolean) => {
    set(announcementDismissedState, dismissed);
    try {
      if (dismissed) localStorage.setItem(ANNOUNCEMENT_DISMISSED_KEY, 'true');
      else localStorage.removeItem(ANNOUNCEMENT_DISMISSED_KEY);
    } catch {
      // storage disabled: dismissed for this page only
    }
  },
);

/** The dev-mode banner can be closed for the current page (as in alf.io); it comes back on reload. */
export const devBannerDismissedAtom = atom(false);

function readAnnouncementDismissed(): boolean {
  try {
    return localStorage.getItem(ANNOUNCEMENT_DISMISSED_KEY) === 'true';
  } catch {
    return false;
  }
}
