import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Component, Suspense, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPart, partPlaceholder, useLazyParts } from './lazy-part';

/** A chunk that loads when the test says so. */
function chunk() {
  let settle: { resolve: () => void; reject: (error: Error) => void } = { resolve: () => undefined, reject: () => undefined };
  const load = vi.fn(
    () =>
      new Promise<(props: { text: string }) => ReactNode>((resolve, reject) => {
        settle = { resolve: () => resolve(({ text }) => <p>{text}</p>), reject };
      }),
  );
  return {
    load,
    resolve: () => act(async () => settle.resolve()),
    reject: (error = new Error('Failed to fetch dynamically imported module')) => act(async () => settle.reject(error)),
  };
}

/** What the router does above a page: a Suspense boundary that hides everything (fallback null) and an error page. */
class RouteError extends Component<{ children: ReactNode }, { failed?: boolean }> {
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state?.failed ? <p>Route error</p> : this.props.children;
  }
}
/** Renders `page` under what the router puts above it; in act() and awaited, as a page that suspends needs. */
async function renderRoute(page: ReactNode) {
  let rendered: ReturnType<typeof render> | undefined;
  await act(async () => {
    rendered = render(
      <RouteError>
        <Suspense fallback={null}>{page}</Suspense>
      </RouteError>,
    );
  });
  return rendered!;
}
const click = (element: HTMLElement) => act(async () => void fireEvent.click(element));

afterEach(cleanup);

describe('a part of a page in a chunk of its own', () => {
  it('coming into view after the page is on screen, shows its placeholder and leaves the page and the focus alone', async () => {
    const { load, resolve } = chunk();
    const part = lazyPart(load, partPlaceholder);
    function Page() {
      const [wanted, setWanted] = useState(false);
      return (
        <main>
          <h1>Booking</h1>
          <label>
            <input type="checkbox" checked={wanted} onChange={(e) => setWanted(e.target.checked)} /> I need an invoice
          </label>
          {wanted ? <part.Part text="Invoice form" /> : null}
        </main>
      );
    }
    const { container } = await renderRoute(<Page />);
    const box = screen.getByRole('checkbox', { name: 'I need an invoice' });
    box.focus();
    await click(box);

    expect(load).toHaveBeenCalledTimes(1);
    expect(container.querySelector('.part-placeholder')).not.toBeNull();
    // not hidden by the route's boundary: still in the accessibility tree, still focused
    expect(screen.getByRole('heading', { name: 'Booking' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'I need an invoice' })).toBe(document.activeElement);

    await resolve();
    expect(screen.getByText('Invoice form')).toBeTruthy();
    expect(container.querySelector('.part-placeholder')).toBeNull();
    expect(document.activeElement).toBe(box);
  });

  it('shown from the first render, is waited for by the page (useLazyParts): no placeholder, nothing pops in', async () => {
    const { load, resolve } = chunk();
    const placeholderRenders = vi.fn(() => null);
    function Placeholder() {
      return placeholderRenders();
    }
    const part = lazyPart(load, <Placeholder />);
    function Page() {
      useLazyParts(part);
      return (
        <main>
          <h1>Event</h1>
          <part.Part text="Waiting list" />
        </main>
      );
    }
    await renderRoute(<Page />);
    expect(screen.queryByRole('heading', { name: 'Event' })).toBeNull();

    await resolve();
    expect(screen.getByRole('heading', { name: 'Event' })).toBeTruthy();
    expect(screen.getByText('Waiting list')).toBeTruthy();
    expect(placeholderRenders).not.toHaveBeenCalled();
  });

  it('renders at once once loaded, as a page that opens with it again does', async () => {
    const { load, resolve } = chunk();
    const part = lazyPart(load, <p>Loading</p>);
    const preloaded = part.preload();
    await resolve();
    await preloaded;
    function Page() {
      useLazyParts(part);
      return <part.Part text="Promo code" />;
    }
    await renderRoute(<Page />);
    expect(screen.getByText('Promo code')).toBeTruthy();
    expect(screen.queryByText('Loading')).toBeNull();
  });

  it('whose chunk does not load, shows what `failed` says (nothing by default) in its place, never the route error', async () => {
    const optional = chunk();
    const notice = chunk();
    const supplements = lazyPart(optional.load, partPlaceholder);
    const invoice = lazyPart(notice.load, partPlaceholder);
    function Page() {
      const [more, setMore] = useState(false);
      return (
        <main>
          <h1>Page</h1>
          <button type="button" onClick={() => setMore(true)}>
            More
          </button>
          {more ? (
            <>
              <supplements.Part text="Supplements" />
              <invoice.Part text="Invoice form" failed={<p role="alert">The invoice form could not be loaded.</p>} />
            </>
          ) : null}
        </main>
      );
    }
    const { container } = await renderRoute(<Page />);
    await click(screen.getByRole('button', { name: 'More' }));
    await optional.reject();
    await notice.reject();

    expect(screen.getByRole('alert').textContent).toBe('The invoice form could not be loaded.');
    expect(screen.queryByText('Route error')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Page' })).toBeTruthy();
    expect(screen.queryByText('Supplements')).toBeNull();
    expect(container.querySelector('.part-placeholder')).toBeNull();
  });

  it('that failed stays failed, whatever renders or mounts it (no loop of attempts), until asked to retry', async () => {
    let attempt = 0;
    const load = vi.fn(async () => {
      attempt += 1;
      if (attempt === 1) throw new Error('Failed to fetch dynamically imported module');
      return ({ text }: { text: string }) => <p>{text}</p>;
    });
    const part = lazyPart(load);
    function Page() {
      const [mount, setMount] = useState(0);
      const [renders, setRenders] = useState(0);
      return (
        <main>
          <button type="button" onClick={() => setRenders(renders + 1)}>
            Render {renders}
          </button>
          <button type="button" onClick={() => setMount(mount + 1)}>
            Mount again
          </button>
          <button
            type="button"
            onClick={() => {
              part.retry();
              setMount(mount + 1);
            }}
          >
            Try again
          </button>
          <part.Part key={mount} text="Loaded" failed={<p>Failed</p>} />
        </main>
      );
    }
    await renderRoute(<Page />);
    expect(screen.getByText('Failed')).toBeTruthy();

    await click(screen.getByRole('button', { name: /^Render/ }));
    expect(screen.getByRole('button', { name: 'Render 1' })).toBeTruthy();
    await click(screen.getByRole('button', { name: 'Mount again' }));
    expect(screen.getByText('Failed')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);

    await click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('Loaded')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('preloads once, and its preload settles without rejecting when the chunk fails', async () => {
    const { load, reject } = chunk();
    const part = lazyPart(load);
    const first = part.preload();
    expect(part.preload()).toBe(first);
    await reject();
    await expect(first).resolves.toBeUndefined();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
