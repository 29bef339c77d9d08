/**
 * Spec 7 (DELETE /user/me): the browser leaves for the provider's end-session page after a flag is set in storage;
 * back home, the flag shows the deletion's success toast (spec 2, Chrome) once. Session storage: this tab only.
 */
const PROFILE_DELETED_KEY = 'ALFIO_PROFILE_DELETED';

export function setProfileDeletedFlag(): void {
  sessionStorage.setItem(PROFILE_DELETED_KEY, 'true');
}

/** Whether the flag was set; clears it. */
export function takeProfileDeletedFlag(): boolean {
  const set = sessionStorage.getItem(PROFILE_DELETED_KEY) === 'true';
  if (set) sessionStorage.removeItem(PROFILE_DELETED_KEY);
  return set;
}
