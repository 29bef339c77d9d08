import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadOnceForNewChunks } from './stale-chunks';

describe("a chunk that does not load (Vite's preload error)", () => {
  const reload = vi.fn();
  beforeEach(() => {
    sessionStorage.clear();
    reload.mockClear();
    vi.stubGlobal('location', { ...window.location, reload });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reloads the page once per tab session, never in a loop', () => {
    reloadOnceForNewChunks();
    expect(reload).toHaveBeenCalledTimes(1);
    // the reloaded page fails again: an outage, not a deploy; the page's own fallbacks take it
    reloadOnceForNewChunks();
    reloadOnceForNewChunks();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not reload without session storage, which is what guards against a loop', () => {
    const disabled = () => {
      throw new DOMException('storage disabled', 'SecurityError');
    };
    vi.stubGlobal('sessionStorage', { getItem: disabled, setItem: disabled });
    reloadOnceForNewChunks();
    expect(reload).not.toHaveBeenCalled();
  });
});
