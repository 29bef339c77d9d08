import { useAtom } from 'jotai';
import { useEffect, useState } from 'react';
import type { Admission } from './admission';
import { admissionsAtom, isAdmitted } from './admission';

/**
 * The live admission this visitor holds to a queued event, undefined without one. When it lapses (the token's
 * validity, or the server refused it: the reserve call drops it) the page goes back to the waiting room, where the
 * room says so.
 */
export function useAdmitted(shortName: string): Admission | undefined {
  const [admissions, setAdmissions] = useAtom(admissionsAtom);
  const admission = admissions[shortName];
  const [now, setNow] = useState(() => Date.now());
  const live = isAdmitted(admission, now) ? admission : undefined;
  useEffect(() => {
    if (!live) return undefined;
    const timer = setTimeout(() => {
      setNow(Date.now());
      setAdmissions(({ [shortName]: _lapsed, ...rest }) => rest);
    }, live.expiresAt - Date.now());
    return () => clearTimeout(timer);
  }, [live?.expiresAt]);
  return live;
}
