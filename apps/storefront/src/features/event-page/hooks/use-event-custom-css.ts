import { useEffect } from 'react';

/** The id of the <style> element holding the current event's CSS (one at a time). */
export const EVENT_CSS_ELEMENT_ID = 'event-custom-css';

/**
 * Spec 2: event routes apply the event's custom CSS, replaced when another event is shown and removed when
 * the visitor leaves the event. The CSS goes in as text content, so it can style but never add markup.
 */
export function useEventCustomCss(css: string | null | undefined): void {
  useEffect(() => {
    if (!css?.trim()) return;
    const style = document.createElement('style');
    style.id = EVENT_CSS_ELEMENT_ID;
    style.textContent = css;
    document.head.appendChild(style);
    return () => style.remove();
  }, [css]);
}
