/**
 * English texts for the keys the shell uses, shown when the served bundle lacks a key (a new key not yet
 * translated, or the bundle failed to load). Keys from the alf.io bundle keep their names; keys the
 * storefront adds live under `storefront.` and belong in libs/i18n's bundles too.
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
  'storefront.dev-mode.dismiss': 'Dismiss development mode notice',
  'storefront.dev-mode.banner': 'This site is running in development mode.',
  'storefront.insecure.banner': 'This site runs in production mode without HTTPS. This is not a recommended configuration.',
  'storefront.footer.label': 'Legal information',
  'storefront.notification.close': 'Close notification',
};
