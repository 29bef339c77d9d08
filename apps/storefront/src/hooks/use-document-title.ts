import { useEffect } from 'react';

/** Sets the page title (what a screen reader announces after a navigation) while the component is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
