/** What the error notice says instead of the server error, about a failure a loader could name (spec 8). */
export interface PageNotice {
  readonly title: string;
  readonly text?: string;
}

/**
 * What the loader that failed said about it, read by the route's error notice (in the entry). A loader that knows
 * what went wrong rethrows the failure with its words: `Object.assign(error, { notice })` (a helper shared by those
 * loaders, in their routes' chunks, would be a chunk of its own or land in the entry).
 */
export const noticeOf = (error: unknown): PageNotice | undefined => (error as { notice?: PageNotice } | null | undefined)?.notice;
