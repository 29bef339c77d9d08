/**
 * Injection tokens of the catalog read side. CATALOG_DB is the application's pg pool, provided by the app
 * (the same pool as its DB token): a library cannot import the app's token.
 */
export const CATALOG_DB = Symbol('CATALOG_DB');
/** The Clock the read side asks for "now" (sale windows, expired categories, subscriptions on sale). */
export const CATALOG_CLOCK = Symbol('CATALOG_CLOCK');
/**
 * The reCAPTCHA site key (RECAPTCHA_SITE_KEY), or null: an event's captcha flags count only with a key, and the key
 * is published beside them (optional: absent, no event asks for a captcha).
 */
export const CATALOG_RECAPTCHA_SITE_KEY = Symbol('CATALOG_RECAPTCHA_SITE_KEY');
/** The analytics configuration published with events and passes (`AnalyticsConfiguration`); absent: none. */
export const CATALOG_ANALYTICS = Symbol('CATALOG_ANALYTICS');
