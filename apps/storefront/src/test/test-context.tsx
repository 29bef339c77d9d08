import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { bundles } from '@ticketing/i18n';
import { createStore, Provider as JotaiProvider } from 'jotai';
import type { ReactElement, ReactNode } from 'react';
import type { AlfioInfo, Language, MessageBundle } from '../api/app-queries';
import { asResponse, bundleQueryOptions, infoQueryOptions, languagesQueryOptions } from '../api/app-queries';
import { languageAtom } from '../features/i18n';

/** Test fixtures and providers: a query cache seeded as the preloaded page would seed it, and a jotai store. */
export const LANGUAGES: Language[] = [
  { locale: 'en', displayLanguage: 'English' },
  { locale: 'de', displayLanguage: 'Deutsch' },
  { locale: 'it', displayLanguage: 'Italiano' },
];

// The served bundles (libs/i18n), with a few texts pinned so the tests do not follow copy edits.
export const BUNDLES: Record<string, MessageBundle> = {
  en: { ...bundles.en, 'reservation-page-complete.language': 'Language', 'event-list.header.title': 'Choose your Event', greeting: 'Hello {{0}}' },
  de: { ...bundles.de, 'reservation-page-complete.language': 'Sprache', 'event-list.header.title': 'Wählen Sie Ihre Veranstaltung', greeting: 'Hallo {{0}}' },
  it: { ...bundles.it, 'reservation-page-complete.language': 'Lingua', 'event-list.header.title': 'Scegli il tuo evento', greeting: 'Ciao {{0}}' },
};

export function makeInfo(overrides: Record<string, unknown> = {}): AlfioInfo {
  return {
    demoModeEnabled: false,
    devModeEnabled: false,
    prodModeEnabled: false,
    analyticsConfiguration: { googleAnalyticsKey: null, googleAnalyticsScrambledInfo: false, clientId: null },
    globalPrivacyPolicyUrl: null,
    globalTermsUrl: null,
    invoicingConfiguration: {
      userCanDownloadReceiptOrInvoice: false,
      euVatCheckingEnabled: false,
      invoiceAllowed: false,
      onlyInvoice: false,
      customerReferenceEnabled: false,
      enabledItalyEInvoicing: false,
      vatNumberStrictlyRequired: false,
    },
    announcementBannerContentHTML: null,
    walletConfiguration: { gWalletEnabled: false, passEnabled: false },
    challengeConfiguration: { apiKey: null, enabled: false, providerId: null },
    ...overrides,
    // The wire shape (nullable texts); see optionalText in api/app-queries.ts for why this is not `as AlfioInfo`.
  } as unknown as AlfioInfo;
}

export interface TestContext {
  readonly queryClient: QueryClient;
  readonly store: ReturnType<typeof createStore>;
}

export function createTestContext(
  options: { info?: AlfioInfo; languages?: Language[]; bundles?: Record<string, MessageBundle>; lang?: string } = {},
): TestContext {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(infoQueryOptions().queryKey, asResponse(options.info ?? makeInfo()));
  queryClient.setQueryData(languagesQueryOptions().queryKey, asResponse(options.languages ?? LANGUAGES));
  for (const [lang, bundle] of Object.entries(options.bundles ?? BUNDLES)) {
    queryClient.setQueryData(bundleQueryOptions(lang).queryKey, asResponse(bundle));
  }
  const store = createStore();
  if (options.lang) store.set(languageAtom, options.lang);
  return { queryClient, store };
}

export function Providers({ context, children }: { context: TestContext; children: ReactNode }) {
  return (
    <QueryClientProvider client={context.queryClient}>
      <JotaiProvider store={context.store}>{children}</JotaiProvider>
    </QueryClientProvider>
  );
}

export function renderWithProviders(ui: ReactElement, context: TestContext = createTestContext({ lang: 'en' })) {
  const wrapper = ({ children }: { children: ReactNode }) => <Providers context={context}>{children}</Providers>;
  return { ...render(ui, { wrapper }), context };
}

/** A fetch that fails the test if anything calls it: the seeded cache must answer everything. */
export function forbidFetch() {
  const calls: string[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    calls.push(String(input instanceof Request ? input.url : input));
    throw new Error(`unexpected request to ${String(input)}`);
  };
  return { fetch, calls };
}
