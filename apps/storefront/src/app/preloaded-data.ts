import type { QueryClient } from '@tanstack/react-query';
import type { AlfioInfo, InfoResponse } from '../api/app-queries';
import { asResponse, infoQueryOptions } from '../api/app-queries';

/**
 * What the server puts into the page (apps/api storefront shell): the answers of the GET calls the first render
 * makes, by the call's path, `<script type="application/json" id="preloaded-data">{"/api/v2/info": {...}, ...}</script>`:
 * the app info, the languages, the chosen language's bundle; on event routes the event; on the event page of an
 * address without a code its categories. The generated client's query key of a call without query parameters is
 * `[path]`, so each answer goes where its query looks for it. The session and XSRF tokens travel in
 * `<meta name="GID">` / `<meta name="XSRF_TOKEN">`, read by the HTTP client itself, and whether visitors can sign in
 * in `<meta name="Alfio-OpenId-Enabled">` (what every API GET says in that header: a page whose first render makes
 * no call shows its login link at once). A page without them, or with them broken, has its calls made as usual.
 */
export const PRELOADED_DATA_ID = 'preloaded-data';

/** Puts the preloaded answers into the query cache, so the first render makes no request; answers the app info. */
export function seedQueryCache(queryClient: QueryClient, doc: Document = document): AlfioInfo | undefined {
  try {
    const answers = JSON.parse(doc.getElementById(PRELOADED_DATA_ID)?.textContent ?? '') as Record<string, unknown>;
    // as fresh as an answer to the call made now: the server read them for this page, which no cache keeps
    for (const path in answers) queryClient.setQueryData([path], asResponse(answers[path]));
  } catch {
    // no data in the page, or broken: asked for as usual
  }
  return queryClient.getQueryData<InfoResponse>(infoQueryOptions().queryKey)?.data;
}

/** Whether visitors can sign in, as the page says; undefined when it does not (the first API answer will). */
export function preloadedOpenIdEnabled(doc: Document = document): boolean | undefined {
  const value = doc.querySelector<HTMLMetaElement>('meta[name="Alfio-OpenId-Enabled"]')?.content;
  return value ? value === 'true' : undefined;
}
