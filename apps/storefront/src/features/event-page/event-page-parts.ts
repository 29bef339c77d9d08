import type { EventWithAdditionalInfo, ItemsByCategory } from '../../api/catalog-queries';
import { lazyPart, partPlaceholder } from '../../app/lazy-part';
import type { CodeState } from './event-loaders';

// Sections of the event page that only some events show, each in a chunk of its own, so that the JavaScript every
// visitor of an event loads stays small. The page opens with those its event shows (it waits for them, see
// useLazyParts); one that comes into view later (the waiting list once the last tickets went) shows a placeholder
// while it loads, and nothing if its chunk does not load.

/** Sold out, or not on sale yet (spec 2): the waiting list. */
export const waitingList = lazyPart(() => import('./waiting-list/waiting-list-section').then((m) => m.WaitingListSection), partPlaceholder);
export const showsWaitingList = (items: ItemsByCategory) => Boolean(items.waitingList || items.preSales);

/** Supplements and donations (spec 5). */
export const additionalServices = lazyPart(() => import('./components/additional-services').then((m) => m.AdditionalServices), partPlaceholder);
export const showsAdditionalServices = (items: ItemsByCategory) => items.additionalServices.length > 0;

/** The promo code box: for events with access codes, or when the address brought a code. */
export const promoCode = lazyPart(() => import('./components/promo-code').then((m) => m.PromoCode), partPlaceholder);
export const showsPromoCodeBox = (event: EventWithAdditionalInfo, code: CodeState) =>
  Boolean(event.promotionsConfiguration?.hasAccessPromotions) || code.eventCode !== null || code.codeError !== null;

/**
 * The parts the page opens with (false for one it does not show): the page waits for them (useLazyParts), and the
 * route's loader loads them first, so that the page's first render has them. A render that waits for one shows
 * the route's fallback, and React then holds back what that boundary reveals for 300 ms after the fallback showed.
 */
export const openingParts = (event: EventWithAdditionalInfo, items: ItemsByCategory, code: CodeState) =>
  [showsWaitingList(items) && waitingList, showsAdditionalServices(items) && additionalServices, showsPromoCodeBox(event, code) && promoCode] as const;

/** The reCAPTCHA (spec 2: before the continue button) of an event that asks for one on ticket selection. */
export const captcha = lazyPart(() => import('../../components/recaptcha/recaptcha-widget').then((m) => m.RecaptchaWidget));

/** The automatic-discount check (spec 4): once tickets are chosen (see DynamicDiscountMessage). */
export const dynamicDiscount = lazyPart(() => import('./components/dynamic-discount').then((m) => m.DynamicDiscount));

/** A queued event (issue 20): the waiting room in front of the selection until this visitor is admitted. */
export const waitingRoom = lazyPart(() => import('../waiting-room/components/gate').then((m) => m.default));
