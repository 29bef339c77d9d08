import { lazyPart } from '../../app/lazy-part';

/**
 * The top bar's login link or user menu (spec 2, Chrome), which the top bar shows once a response said that login is
 * on (openIdEnabledAtom, from the Alfio-OpenId-Enabled header every GET under /api/v2 carries). Most sites have no
 * visitor login: its code comes in a chunk of its own, loaded only then.
 */
export const userMenu = lazyPart(() => import('./components/user-menu').then((m) => m.UserMenu));
