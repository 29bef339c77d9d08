import type { AlfioInfo } from '../../../api/app-queries';
import { optionalText } from '../../../api/app-queries';
import { lazyPart } from '../../../app/lazy-part';

// Few sites show a banner (a development instance, production over http, an announcement): their code, and the
// HTML sanitizer the announcement needs, come in chunks of their own. main.tsx starts loading those the page's
// info asks for before the first render (preloadSiteBanners), so the shell appears with them in place.
const environmentBanners = lazyPart(() => import('./environment-banners').then((m) => m.EnvironmentBanners));
const announcementBanner = lazyPart(() => import('./announcement-banner').then((m) => m.AnnouncementBanner));

const secure = () => typeof location !== 'undefined' && location.protocol === 'https:';
const showsEnvironmentBanners = (info: AlfioInfo) => info.devModeEnabled || (info.prodModeEnabled && !secure());
const announcementOf = (info: AlfioInfo) => optionalText(info.announcementBannerContentHTML);

/** Warnings about how the site is run, and the system announcement, as the app info asks. */
export function SiteBanners({ info }: { info: AlfioInfo }) {
  const announcement = announcementOf(info);
  return (
    <>
      {showsEnvironmentBanners(info) ? <environmentBanners.Part devModeEnabled={info.devModeEnabled} prodModeEnabled={info.prodModeEnabled} secure={secure()} /> : null}
      {announcement ? <announcementBanner.Part html={announcement} /> : null}
    </>
  );
}

/** Starts loading the banners `info` will show. */
export function preloadSiteBanners(info: AlfioInfo | undefined): void {
  if (!info) return;
  if (showsEnvironmentBanners(info)) void environmentBanners.preload().catch(() => undefined);
  if (announcementOf(info)) void announcementBanner.preload().catch(() => undefined);
}
