/**
 * How the poll area asks the generated poll hooks (reference 49-51): never retried (a refused PIN is an answer, not
 * a failure), and the open polls the PIN form fetched are not fetched again by the list it opens.
 */
export const pollQueryOptions = { query: { retry: false, staleTime: 10_000 } } as const;

/** A poll's number in the address; anything else is no poll (the page says so, without asking the server). */
export const pollNumber = (pollId: string): number | null => (/^\d{1,15}$/.test(pollId) ? Number(pollId) : null);
