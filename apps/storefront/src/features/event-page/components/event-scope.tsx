import type { ReactNode } from 'react';
import { useEventSuspense } from '../../../api/catalog-queries';
import { MessageOverridesProvider } from '../../i18n';
import { useEventCustomCss } from '../hooks/use-event-custom-css';

/**
 * Wraps every page under /event/{shortName} (the layout route renders it): the event's custom CSS is applied
 * while inside, and its message overrides (`i18nOverride`) replace bundle texts in the pages below.
 */
export function EventScope({ shortName, children }: { shortName: string; children: ReactNode }) {
  const event = useEventSuspense(shortName);
  useEventCustomCss(event.customCss);
  return <MessageOverridesProvider value={event.i18nOverride}>{children}</MessageOverridesProvider>;
}
