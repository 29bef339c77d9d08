/**
 * Spec 1 and 4: whether the page is in a frame (window.parent !== window), and embedded: framed with embedding
 * enabled for its purchase context. What every page may ask, kept apart from what only a framed page loads
 * (host-notifications.ts).
 */
export const isFramed = (win: Window = window): boolean => win.parent !== win;

export const isEmbedded = (configuration: { readonly enabled: boolean } | undefined, win: Window | undefined = globalThis.window): boolean =>
  Boolean(configuration?.enabled) && win !== undefined && isFramed(win);

/**
 * Where a link to another page of the site opens: in a frame, a new tab. A framed page is an embedded event's or
 * pass's (any other refuses a foreign host), and the pages it links to (home, another event) may not be embeddable.
 */
export const outOfFrame = (win: Window | undefined = globalThis.window): { readonly target?: '_blank'; readonly rel?: 'noopener' } =>
  win !== undefined && isFramed(win) ? { target: '_blank', rel: 'noopener' } : {};
