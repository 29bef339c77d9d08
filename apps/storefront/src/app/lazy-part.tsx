import type { ComponentType } from 'react';
import { use } from 'react';

/** A component whose code comes in a chunk of its own, and the call that starts loading it. */
export interface LazyPart<P> {
  readonly Part: ComponentType<P>;
  /** Starts loading the chunk (once), e.g. as soon as a page knows it will show the part. */
  readonly preload: () => Promise<void>;
}

/**
 * Like React's lazy(), for a part of a page that only some pages show (a waiting list, a dialog): once loaded it
 * renders at once instead of suspending for a turn. Until then it suspends, with no boundary of its own: inside
 * a route the page shows when its parts are there (during a navigation the previous page stays meanwhile), so
 * nothing pops in under the visitor's eyes; elsewhere wrap it in <Suspense>. A chunk that fails to load throws
 * to the nearest error boundary, and the next render tries again.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  let loading: Promise<ComponentType<P>> | undefined;
  let loaded: ComponentType<P> | undefined;
  const loadOnce = () => {
    loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  function Part(props: P) {
    const Component = loaded ?? use(loadOnce());
    return <Component {...props} />;
  }
  return { Part, preload: () => loadOnce().then(() => undefined) };
}
