import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { setAuthStatusListener } from '@ticketing/api-client';
import { createStore, Provider as JotaiProvider } from 'jotai';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { preloadedOpenIdEnabled, seedQueryCache } from './app/preloaded-data';
import { createQueryClient } from './app/query-client';
import { createAppRouter } from './app/router';
import { reloadOnceForNewChunks } from './app/stale-chunks';
import { openIdEnabledAtom } from './features/auth/atoms';
import { preloadSiteBanners } from './features/chrome';
import './styles/app.css';

// A chunk that fails to load after a deploy: reload once for the new ones (see stale-chunks.ts).
addEventListener('vite:preloadError', reloadOnceForNewChunks);

const queryClient = createQueryClient();
// Info, languages, the guessed language's bundle (and an event route's event, the event page's categories) come
// inside the page: no request before the first paint. The banners that info asks for load meanwhile (most sites
// show none, so they are not in the entry).
preloadSiteBanners(seedQueryCache(queryClient));

const store = createStore();
store.set(openIdEnabledAtom, preloadedOpenIdEnabled());
setAuthStatusListener((enabled) => store.set(openIdEnabledAtom, enabled));

const router = createAppRouter({ queryClient, store });
// The focus on each next page's heading (route-focus.ts) and analytics where configured: needed from the first navigation on, so loaded once the
// first page has loaded, not in the entry every page waits for.
addEventListener('load', () => void import('./app/after-load').then((m) => m.afterFirstLoad(router)));

// index.html has #root (without it createRoot throws 'Target container is not a DOM element').
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <JotaiProvider store={store}>
        <RouterProvider router={router} />
      </JotaiProvider>
    </QueryClientProvider>
  </StrictMode>,
);
