import type { QueryClient } from '@tanstack/react-query';
import type { AlfioInfo, BundleResponse, InfoResponse, Language, LanguagesResponse, MessageBundle } from '../api/app-queries';
import { asResponse, bundleQueryOptions, infoQueryOptions, languagesQueryOptions } from '../api/app-queries';
import type { EventResponse } from '../api/catalog-queries';
import { eventQueryOptions } from '../api/catalog-queries';
import type { EventWithAdditionalInfo } from '../api/catalog-queries';

/**
 * What the server puts into the page (apps/api storefront shell):
 * `<script type="application/json" id="preloaded-data">{"info","lang","bundle","languages","event"?}</script>`;
 * `event` (EventWithAdditionalInfo) is there on event routes, so the event page renders without asking for it.
 * The session and XSRF tokens travel in `<meta name="GID">` / `<meta name="XSRF_TOKEN">`, read by the
 * HTTP client itself. Anything missing or malformed is simply fetched later.
 */
export interface PreloadedData {
  info?: AlfioInfo;
  lang?: string;
  bundle?: MessageBundle;
  languages?: Language[];
  event?: EventWithAdditionalInfo;
}

export const PRELOADED_DATA_ID = 'preloaded-data';

export function readPreloadedData(doc: Document = document): PreloadedData {
  const text = doc.getElementById(PRELOADED_DATA_ID)?.textContent;
  if (!text) return {};
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return {};
  }
  if (!isRecord(raw)) return {};
  const data: PreloadedData = {};
  if (isInfo(raw['info'])) data.info = raw['info'];
  if (typeof raw['lang'] === 'string' && raw['lang']) data.lang = raw['lang'];
  if (isRecord(raw['bundle']) && Object.values(raw['bundle']).every((v) => typeof v === 'string')) {
    data.bundle = raw['bundle'] as MessageBundle;
  }
  if (Array.isArray(raw['languages']) && raw['languages'].every(isLanguage)) data.languages = raw['languages'];
  if (isEvent(raw['event'])) data.event = raw['event'];
  return data;
}

/** Puts the preloaded answers where the queries look for them, so the first render makes no request. */
export function seedQueryCache(queryClient: QueryClient, data: PreloadedData): void {
  if (data.info) queryClient.setQueryData<InfoResponse>(infoQueryOptions().queryKey, asResponse(data.info));
  if (data.languages) queryClient.setQueryData<LanguagesResponse>(languagesQueryOptions().queryKey, asResponse(data.languages));
  if (data.lang && data.bundle) queryClient.setQueryData<BundleResponse>(bundleQueryOptions(data.lang).queryKey, asResponse(data.bundle));
  if (data.event) queryClient.setQueryData<EventResponse>(eventQueryOptions(data.event.shortName).queryKey, asResponse(data.event));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// Shallow checks: the server built this object from the same schemas; this only guards against a broken page.
function isInfo(value: unknown): value is AlfioInfo {
  return isRecord(value) && ['demoModeEnabled', 'devModeEnabled', 'prodModeEnabled'].every((k) => typeof value[k] === 'boolean');
}

function isEvent(value: unknown): value is EventWithAdditionalInfo {
  return (
    isRecord(value) &&
    typeof value['shortName'] === 'string' &&
    value['shortName'] !== '' &&
    isRecord(value['title']) &&
    Array.isArray(value['contentLanguages']) &&
    value['contentLanguages'].every(isLanguage)
  );
}

function isLanguage(value: unknown): value is Language {
  return isRecord(value) && typeof value['locale'] === 'string' && typeof value['displayLanguage'] === 'string';
}
