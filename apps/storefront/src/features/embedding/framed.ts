/**
 * Spec 1 and 4: whether the page is in a frame (window.parent !== window), and embedded: framed with embedding
 * enabled for its purchase context. What every page may ask, kept apart from what only a framed page loads
 * (host-notifications.ts).
 */
export const isFramed = (win: Window = window): boolean => win.parent !== win;

export const isEmbedded = (configuration: { readonly enabled: boolean } | undefined, win: Window | undefined = globalThis.window): boolean =>
  Boolean(configuration?.enabled) && win !== undefined && isFramed(win);
