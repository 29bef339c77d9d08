import type { AlfioInfo } from '../../../api/app-queries';
import { optionalText } from '../../../api/app-queries';
import { lazyPart, useLazyParts } from '../../../app/lazy-part';

// Few sites show a banner (a development instance, production over http, an announcement): their code, and the
// HTML sanitizer the announcement needs, come in chunks of their own. main.tsx starts loading those the page's
// info asks for before the first render (preloadSiteBanners), and the shell's first render waits for them, so it
// appears with them in place. One that the info asks for later pops in; one whose chunk does not load is left out.
const environmentBanners = lazyPart(() => import('./environment-banners').then((m) => m.EnvironmentBanners));
const announcementBanner = lazyPart(() => import('./announcement-banner').then((m) => m.AnnouncementBanner));

const secure = () => typeof location !== 'undefined' && location.protocol === 'https:';
const showsEnvironmentBanners = (info: AlfioInfo) => info.devModeEnabled || (info.prodModeEnabled && !secure());
const announcementOf = (info: AlfioInfo) => optionalText(info.announcementBannerContentHTML);

/**
 * Warnings about how the site is run, and the system announcement, as the app info asks. Mounted with the shell
 * even before the info is there: its first render is the shell's, the only one that waits for the banners.
 */
export function SiteBanners({ info }: { info: AlfioInfo | undefined }) {
  const announcement = info && announcementOf(info);
  const environment = info && showsEnvironmentBanners(info);
  useLazyParts(!!environment && environmentBanners, !!announcement && announcementBanner);
  return (
    <>
      {environment ? <environmentBanners.Part devModeEnabled={info.devModeEnabled} prodModeEnabled={info.prodModeEnabled} secure={secure()} /> : null}
      {announcement ? <announcementBanner.Part html={announcement} /> : null}
    </>
  );
}

/** Starts loading the banners `info` will show. */
export function preloadSiteBanners(info: AlfioInfo | undefined): void {
  if (!info) return;
  if (showsEnvironmentBanners(info)) void environmentBanners.preload();
  if (announcementOf(info)) void announcementBanner.preload();
}
