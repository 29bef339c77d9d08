import { useMutation, useQuery } from '@tanstack/react-query';
import { getGetWaitingRoomStatusQueryKey, getWaitingRoomStatus, joinWaitingRoom, successData } from '@ticketing/api-client';
import type { WaitingRoomStatus } from '@ticketing/api-client';
import { useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { admissionsAtom } from './admission';

/** After a failed poll: 2 s, 4 s, 8 s ... up to a minute, so a struggling server is not hammered by every buyer. */
export const backoffMs = (failures: number): number => Math.min(60_000, 2_000 * 2 ** Math.max(0, failures - 1));

/** The server's hint (further back, less often), within 2-30 s; a little jitter so 50,000 pages do not poll in step. */
export const pollMs = (status: WaitingRoomStatus | undefined, random: () => number = Math.random): number => {
  const seconds = Math.min(30, Math.max(2, status?.pollAfterSeconds ?? 5));
  return Math.round(seconds * 1000 * (0.9 + 0.2 * random()));
};

/**
 * Joins the event's waiting room on arrival (once per page: the gate holds this for as long as the page is open, room
 * or selection) and follows the place in line by polling at the interval the server suggests, backing off on
 * failures. A failed join is tried again on the same back-off for as long as the page is open (the buyer is told it
 * is being tried: without a join there is nothing to poll). Once admitted the token goes where the reserve call finds
 * it (admissionsAtom), which moves the page on to the ticket selection; no polls while `admitted` (the token's own
 * expiry ends it), one at once when it lapses, none once the server says EXPIRED (until the buyer joins again).
 */
export function useWaitingRoom(shortName: string, admitted: boolean) {
  const setAdmissions = useSetAtom(admissionsAtom);
  const joined = useRef(false);
  const shown = useRef(true);
  useEffect(() => {
    shown.current = true;
    return () => void (shown.current = false);
  }, []);
  const join = useMutation({
    mutationKey: ['joinWaitingRoom', shortName],
    mutationFn: async () => successData(await joinWaitingRoom(shortName)),
    retry: () => shown.current,
    // the retryer counts failures from 0, the polls' fetchFailureCount from 1
    retryDelay: (failures) => backoffMs(failures + 1),
  });
  useEffect(() => {
    if (joined.current) return;
    joined.current = true;
    join.mutate();
  }, []); // once per page: a rejoin after an expiry is the buyer's choice (rejoin)

  const status = useQuery({
    queryKey: getGetWaitingRoomStatusQueryKey(shortName),
    queryFn: async () => successData(await getWaitingRoomStatus(shortName)),
    enabled: join.isSuccess && !admitted,
    initialData: join.data,
    retry: false,
    refetchInterval: (query) =>
      query.state.error ? backoffMs(query.state.fetchFailureCount) : query.state.data?.state !== 'EXPIRED' && pollMs(query.state.data),
    refetchIntervalInBackground: true,
  });

  const current = status.data ?? join.data;
  const taken = useRef<string | null>(null);
  useEffect(() => {
    if (current?.state === 'ADMITTED' && current.token && current.tokenExpiresAt) {
      taken.current = current.token;
      const admission = { token: current.token, expiresAt: Date.parse(current.tokenExpiresAt) };
      setAdmissions((all) => ({ ...all, [shortName]: admission }));
    }
  }, [current?.state, current?.token]);
  // an admission this page took and holds no more has lapsed (its validity passed, or reserve-tickets refused it),
  // whatever the last answer, from before the lapse, said
  const lapsed = !admitted && current?.state === 'ADMITTED' && current.token === taken.current;

  const rejoin = () => {
    join.reset();
    join.mutate(undefined, { onSuccess: () => void status.refetch() });
  };
  // while the join is tried again it is pending, its failures counted
  return { status: lapsed ? { ...current, state: 'EXPIRED' as const } : current, failed: join.failureCount > 0 || status.isError, rejoin };
}
