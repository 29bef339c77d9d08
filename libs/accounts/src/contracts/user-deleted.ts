/**
 * Published to every context: the event a profile deletion appends on the user's stream once it has forgotten the
 * keys of `erasedSubjects`. A read model that keeps decrypted personal data of the orders in `reservationIds`
 * (ticket holders, names) drops it on this event, so it holds what a rebuild from the log would: nothing.
 */
export const USER_DELETED = 'UserDeleted';

export interface UserDeletedData {
  readonly userId: string;
  readonly reservationIds: readonly string[];
  readonly erasedSubjects: readonly string[];
}
