import type { ComponentType, ReactNode } from 'react';
import { Component, Suspense, use, useEffect, useRef } from 'react';

/** A component whose code comes in a chunk of its own, and the call that starts loading it. */
export interface LazyPart<P> {
  /** The part, or `failed` (nothing by default) when its chunk does not load; the rest of the page stays. */
  readonly Part: ComponentType<P & { readonly failed?: ReactNode }>;
  /** Starts loading the chunk (once), e.g. as soon as a page knows it will show the part; never rejects. */
  readonly preload: () => Promise<void>;
  /**
   * After a failure, lets the part ask for its chunk again when it next renders anew (mount it with a new key). A
   * browser may answer a dynamic import that failed with the same failure without fetching it again: only a reload
   * is sure to help (main.tsx reloads once on Vite's preload error). Once loaded, asking again costs nothing.
   */
  readonly retry: () => void;
}

/** Shows `fallback` in place of a part that threw (its chunk did not load), never the route's error. */
class PartBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed?: boolean }> {
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state?.failed ? this.props.fallback : this.props.children;
  }
}

/** What stands where a part will be while its chunk loads: an empty block with a spinner (app.css), never focused. */
export const partPlaceholder = <div className="part-placeholder" />;

/** A promise carrying its outcome where React's use() reads it (FulfilledReactPromise ...), once it has one. */
type Tracked<T> = Promise<T> & { status?: 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

/**
 * Marks a promise with its outcome when it settles, so that use() reads a settled one at once: one it meets for the
 * first time already settled would otherwise suspend for a turn (a loaded part would flash its placeholder).
 */
function tracked<T>(promise: Tracked<T>): Tracked<T> {
  promise.then(
    (value) => {
      promise.status = 'fulfilled';
      promise.value = value;
    },
    (reason: unknown) => {
      promise.status = 'rejected';
      promise.reason = reason;
    },
  );
  return promise;
}

/**
 * Like React's lazy(), for a part of a page that only some pages show (a waiting list, a dialog): once loaded it
 * renders at once instead of suspending for a turn. Until then it shows `placeholder` in a Suspense boundary of
 * its own, so a part that comes into view after the page is on screen never hides the page (nor drops the focus);
 * useLazyParts makes a page wait for the parts it opens with instead. Its own error boundary shows `failed` when
 * the chunk does not load, and it stays failed (no render asks again, so no loop of attempts) until `retry`.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>, placeholder: ReactNode = null): LazyPart<P> {
  let loading: Tracked<ComponentType<P>> | undefined;
  let ready: Tracked<void> | undefined;
  const start = () => (loading ??= tracked(load()));
  function Loaded(props: P) {
    const Shown = use(start() as Promise<ComponentType<P>>);
    return <Shown {...props} />;
  }
  function Part({ failed, ...props }: P & { readonly failed?: ReactNode }) {
    return (
      <PartBoundary fallback={failed}>
        <Suspense fallback={placeholder}>
          <Loaded {...(props as P)} />
        </Suspense>
      </PartBoundary>
    );
  }
  return {
    Part,
    preload: () => (ready ??= tracked(start().then(noop, noop))),
    retry: () => {
      loading = undefined;
    },
  };
}

const noop = () => undefined;

/**
 * Starts loading the parts a component shows now (`false` for one it does not) and, until the component is first
 * on screen, waits for them (it suspends, and its route with it): a page opens with its parts in place, nothing
 * pops in. Once it is on screen a part that comes into view shows its placeholder instead, and the page stays.
 */
export function useLazyParts(...parts: readonly (Pick<LazyPart<never>, 'preload'> | false)[]): void {
  const onScreen = useRef(false);
  useEffect(() => {
    onScreen.current = true;
  }, []);
  const ready = parts.map((part) => part && part.preload());
  if (!onScreen.current) for (const promise of ready) if (promise) use(promise);
}
