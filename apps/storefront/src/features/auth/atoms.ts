import { atom } from 'jotai';

/**
 * Whether external (OpenID) login is enabled, as the last `Alfio-OpenId-Enabled` response header said;
 * undefined until a response carried it. The user menu and login link (a later issue) read it.
 */
export const openIdEnabledAtom = atom<boolean | undefined>(undefined);
