import type { Mutation, Query, QueryClient } from '@tanstack/react-query';
import { purchaseContextQueryOptions } from '../../api/purchase-context-queries';
import { reservationInfoQueryOptions, reservationStatusQueryOptions } from '../../api/reservation-queries';
import type { PurchaseContextRef } from '../../app/purchase-context';
import { isEmbedded } from './framed';

/**
 * Spec 1 and 4, embedding: a framed page of a purchase context that enables it tells its host what happens to the
 * reservation, by postMessage at the configured origin only (never '*': a page that framed it without being the
 * host learns nothing). Loaded only in a frame (reservation-guard.ts), so pages that are not framed carry none of it.
 *
 * What is posted, when: `{ status, reservationId }` each time the reservation's status as the pages know it
 * changes (the guard looks it up on each navigation; the success and waiting pages poll it): PENDING when the
 * booking step opens, then COMPLETE, FINALIZING, OFFLINE_PAYMENT ... as the server names them; CANCELLED once the
 * visitor's cancel succeeded (the reservation is gone then: no status is looked up any more).
 */
export interface EmbeddingConfiguration {
  readonly enabled: boolean;
  /** The host's origin ("" when unset). */
  readonly notificationOrigin: string;
}

export interface ReservationStatusMessage {
  readonly status: string;
  readonly reservationId: string;
}

/** The host's origin as postMessage takes it, or null when unset or not an http(s) origin (then nothing is posted). */
export function hostOrigin(notificationOrigin: string): string | null {
  try {
    const url = new URL(notificationOrigin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.origin : null;
  } catch {
    return null;
  }
}

/** Posts the message to the host when the page is embedded and an origin is configured; answers whether it did. */
export function notifyHost(configuration: EmbeddingConfiguration | undefined, message: ReservationStatusMessage, win: Window = window): boolean {
  if (!configuration || !isEmbedded(configuration, win)) return false;
  const origin = hostOrigin(configuration.notificationOrigin);
  if (!origin) return false;
  win.parent.postMessage({ status: message.status, reservationId: message.reservationId }, origin);
  return true;
}

/** The purchase context's embedding settings as cached (every reservation page has loaded them), if any. */
function cachedEmbedding(queryClient: QueryClient, context: PurchaseContextRef): EmbeddingConfiguration | undefined {
  const cached = queryClient.getQueryData(purchaseContextQueryOptions(context).queryKey);
  return (cached?.data as { embeddingConfiguration?: EmbeddingConfiguration } | undefined)?.embeddingConfiguration;
}

const CANCEL_KEY = 'cancelPendingReservation';
const sameKey = (a: readonly unknown[], b: readonly unknown[]) => a.length === b.length && a.every((part, i) => JSON.stringify(part) === JSON.stringify(b[i]));

/** The status a cached answer carries: the status lookup's or the reservation's own. */
function statusOf(query: Query): string | undefined {
  const data = (query.state.data as { data?: { status?: unknown } } | undefined)?.data;
  return typeof data?.status === 'string' ? data.status : undefined;
}

interface Watch {
  readonly queryClient: QueryClient;
  readonly reservationId: string;
  readonly stop: () => void;
}

let current: Watch | null = null;

/**
 * Follows one reservation (the one on screen: a new one replaces it) in the query cache and posts each change of its
 * status once, and CANCELLED after a successful cancel. Answers the function that stops following it.
 */
export function watchReservation(queryClient: QueryClient, context: PurchaseContextRef, reservationId: string, win: Window = window): () => void {
  if (current?.reservationId === reservationId && current.queryClient === queryClient) return current.stop;
  current?.stop();
  const keys = [reservationStatusQueryOptions(reservationId).queryKey, reservationInfoQueryOptions(reservationId).queryKey];
  const contextKey = purchaseContextQueryOptions(context).queryKey;
  // the newest status known, and the last one the host was told (a page opened by its address may know the status
  // before the purchase context's settings have come: it is posted when they come)
  let latest: string | null = null;
  let posted: string | null = null;
  const post = (status: string) => {
    // cancelled is the last word: an answer about the reservation that comes after (a page still on screen while the
    // next one loads asking for it again) does not take it back
    if (posted === 'CANCELLED') return;
    latest = status;
    if (status !== posted && notifyHost(cachedEmbedding(queryClient, context), { status, reservationId }, win)) posted = status;
  };
  const onQuery = (query: Query) => {
    if (latest && sameKey(query.queryKey, contextKey)) return post(latest);
    if (!keys.some((key) => sameKey(query.queryKey, key))) return;
    const status = statusOf(query);
    if (status) post(status);
  };
  for (const key of keys) {
    const query = queryClient.getQueryCache().find({ queryKey: key, exact: true });
    if (query) onQuery(query);
  }
  const stopQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'success') onQuery(event.query);
  });
  const stopMutations = queryClient.getMutationCache().subscribe((event) => {
    const mutation = event.mutation as Mutation | undefined;
    if (event.type === 'updated' && event.action.type === 'success' && mutation?.options.mutationKey?.[0] === CANCEL_KEY) post('CANCELLED');
  });
  const stop = () => {
    stopQueries();
    stopMutations();
    if (current?.stop === stop) current = null;
  };
  current = { queryClient, reservationId, stop };
  return stop;
}
