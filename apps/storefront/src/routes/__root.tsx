import { createRootRouteWithContext, Navigate, Outlet, useMatches, useNavigate } from '@tanstack/react-router';
import { bundleQueryOptions, infoQueryOptions, languagesQueryOptions } from '../api/app-queries';
import { deepestPageContext } from '../app/page-context';
import type { RouterContext } from '../app/router';
import { ChallengeDialog } from '../features/challenge';
import { AppShell } from '../features/chrome';
import { browserLanguages, chooseLanguage, languageAtom, LanguageSelect, readPersistedLanguage, useContentLanguages } from '../features/i18n';
import { ToastRegion } from '../features/toast';

interface RootSearch {
  lang?: string;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  validateSearch: (search: Record<string, unknown>): RootSearch =>
    typeof search['lang'] === 'string' && search['lang'] ? { lang: search['lang'] } : {},
  // The language guard (spec 2) runs on entry and on every navigation, before anything renders.
  beforeLoad: async ({ context, search, preload }) => {
    const languages = await context.queryClient.ensureQueryData(languagesQueryOptions()).then(
      (response) => response.data,
      () => [],
    );
    const lang = chooseLanguage({
      query: search.lang,
      persisted: readPersistedLanguage(),
      browser: browserLanguages(),
      available: languages.map((l) => l.locale),
    });
    // A preload (link hover) only warms caches: the language changes when the navigation happens.
    if (!preload && context.store.get(languageAtom) !== lang) context.store.set(languageAtom, lang);
    return { lang };
  },
  // Served from the preloaded cache on first load; a failure leaves English fallbacks and no banners.
  loader: async ({ context }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(bundleQueryOptions(context.lang)).catch(() => undefined),
      context.queryClient.prefetchQuery(infoQueryOptions()),
    ]);
  },
  component: RootLayout,
  notFoundComponent: () => <Navigate to="/" replace />,
});

function RootLayout() {
  const navigate = useNavigate();
  const { lang } = Route.useSearch();
  // What the page shows decides the languages offered and the legal links (see app/page-context.ts).
  const pageContext = useMatches({ select: deepestPageContext });
  const offered = useContentLanguages(pageContext?.contentLanguages);
  // A `lang` left in the address would win over the new choice on the next navigation: drop it.
  const dropLangQuery = () => {
    if (lang) void navigate({ to: '.', search: (prev) => ({ ...prev, lang: undefined }), replace: true });
  };
  return (
    <>
      <AppShell
        topBarControls={<LanguageSelect restrictTo={offered} onChange={dropLangQuery} />}
        legalLinks={pageContext?.termsUrl || pageContext?.privacyUrl ? pageContext : undefined}
      >
        <Outlet />
      </AppShell>
      <ToastRegion />
      <ChallengeDialog />
    </>
  );
}
