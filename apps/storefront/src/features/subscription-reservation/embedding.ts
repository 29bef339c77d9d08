/**
 * Spec 4, Embedding: a page shown in a host's iframe, with embedding enabled for its purchase context, hides its
 * buttons and loads nothing the host shows itself (the compatible events of a pass).
 */
export function isEmbedded(enabled: boolean): boolean {
  if (!enabled || typeof window === 'undefined') return false;
  try {
    return window.self !== window.top;
  } catch {
    // a cross-origin parent cannot even be compared: framed
    return true;
  }
}
