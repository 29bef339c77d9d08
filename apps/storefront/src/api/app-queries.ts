import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getGetBundleQueryOptions, getGetInfoQueryOptions, getGetLanguagesQueryOptions, successData } from '@ticketing/api-client';
import type { getBundle, getInfo, getLanguages, SuccessResponse } from '@ticketing/api-client';

/**
 * The app-wide server data (info, languages, message bundles) as TanStack Query options over the generated
 * client. Query data is the client's `{ data, status, headers }` answer; `select` hands components the body.
 * Types come from the generated functions, so a renamed schema never breaks this file.
 */
export type InfoResponse = SuccessResponse<Awaited<ReturnType<typeof getInfo>>>;
export type LanguagesResponse = SuccessResponse<Awaited<ReturnType<typeof getLanguages>>>;
export type BundleResponse = SuccessResponse<Awaited<ReturnType<typeof getBundle>>>;

export type AlfioInfo = InfoResponse['data'];
export type Language = LanguagesResponse['data'][number];
export type MessageBundle = Readonly<Record<string, string>>;

// Spec 9: app info is cached 10 minutes; languages and bundles only change with a deployment.
const INFO_STALE_MS = 10 * 60_000;

export const infoQueryOptions = () => ({ ...getGetInfoQueryOptions(), staleTime: INFO_STALE_MS });

export const languagesQueryOptions = () => ({ ...getGetLanguagesQueryOptions(), staleTime: Infinity });

export const bundleQueryOptions = (lang: string) => ({ ...getGetBundleQueryOptions(lang), staleTime: Infinity });

/** What a successful call answers; used to seed the cache with data the server put into the page. */
export const asResponse = <T>(data: T) => ({ data, status: 200 as const, headers: new Headers() });

export function useInfo() {
  return useQuery({ ...infoQueryOptions(), select: successData });
}

export function useLanguages() {
  return useQuery({ ...languagesQueryOptions(), select: successData });
}

/** The bundle of `lang`; while another language's bundle loads, the previous one stays on screen. */
export function useBundle(lang: string) {
  return useQuery({ ...bundleQueryOptions(lang), select: successData, placeholderData: keepPreviousData });
}

/**
 * An optional text of the app info. The wire sends a string or null; the field types of the generated model
 * say `string[]` for now (the OpenAPI file describes `type: ['string','null']` as an array), so read them
 * through this until the description is fixed.
 */
export function optionalText(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}
