import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { vi } from 'vitest';
import { createAppRouter } from '../app/router';
import { fakeApi } from './catalog-fixtures';
import type { TestContext } from './test-context';
import { createTestContext, renderWithProviders } from './test-context';

/**
 * The whole app at `path`, with the page's preloaded data seeded (info, languages, bundles) and `fetch`
 * answered by `routes` (see fakeApi); `calls` lists the API requests made, `requests` them in full. Call `vi.unstubAllGlobals()` after.
 */
export function renderApp(path: string, routes: Parameters<typeof fakeApi>[0], context: TestContext = createTestContext()) {
  const api = fakeApi(routes);
  vi.stubGlobal('fetch', api.fetch);
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter(context, { history });
  const rendered = renderWithProviders(<RouterProvider router={router} />, context);
  return { ...rendered, router, history, calls: api.calls, requests: api.requests, context };
}
