/**
 * English texts for the keys the shell uses, shown when the served bundle lacks a key (a new key not yet
 * translated, or the bundle failed to load). Keys from the alf.io bundle keep their names; keys the
 * storefront adds live under `storefront.` and belong in libs/i18n's bundles too. A part loaded on its own keeps
 * the fallbacks of its keys with it (environment-banners.tsx): this table is in every page's first script.
 */
export const FALLBACK_MESSAGES: Readonly<Record<string, string>> = {
  'reservation-page-complete.language': 'Language',
  'reservation-page.tc.link.text': 'terms and conditions',
  'reservation-page.privacy.link.text': 'privacy policy',
  'to-home': 'Back to the home page',
  'storefront.brand': 'Tickets',
  'storefront.skip-to-content': 'Skip to main content',
  'storefront.announcement': 'Announcement',
  'storefront.announcement.dismiss': 'Dismiss announcement',
  'storefront.footer.label': 'Legal information',
  'storefront.notification.close': 'Close notification',
};
