// The admission lives with the reserve call that carries it (event-page/reserve-call.ts, see there why).
export { admissionsAtom, type Admission } from '../event-page/reserve-call';

export const isAdmitted = (admission: { readonly expiresAt: number } | undefined, now: number): boolean => admission !== undefined && admission.expiresAt > now;
