import { useAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { admissionsAtom, isAdmitted } from './admission';

/**
 * Whether this visitor holds a live admission to a queued event. When it lapses (the token's validity, or the
 * server refused it: the reserve call drops it) the page goes back to the waiting room, where the room says so.
 */
export function useAdmitted(shortName: string, queued: boolean): boolean {
  const [admissions, setAdmissions] = useAtom(admissionsAtom);
  const admission = admissions[shortName];
  const [now, setNow] = useState(() => Date.now());
  const admitted = queued && isAdmitted(admission, now);
  useEffect(() => {
    if (!admitted || !admission) return undefined;
    const timer = setTimeout(() => {
      setNow(Date.now());
      setAdmissions(({ [shortName]: _lapsed, ...rest }) => rest);
    }, admission.expiresAt - Date.now());
    return () => clearTimeout(timer);
  }, [admitted, admission?.expiresAt]);
  return admitted;
}
