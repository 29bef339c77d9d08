export { ANNOUNCEMENT_DISMISSED_KEY, announcementDismissedAtom, devBannerDismissedAtom } from './atoms';
export { sanitizeHtml } from './sanitize-html';
export { AppShell } from './components/app-shell';
export { preloadSiteBanners } from './components/site-banners';
export { AnnouncementBanner } from './components/announcement-banner';
export { EnvironmentBanners } from './components/environment-banners';
export { SiteFooter } from './components/site-footer';
export { ErrorNotice } from './components/error-notice';
