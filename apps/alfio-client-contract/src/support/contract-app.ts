import type { AddressInfo } from 'node:net';
import { startTestApp, type TestApp } from '@ticketing/testing/app';
import { BrowserPage } from '../client/browser-page.js';
import { ClientTab } from './client-tab.js';

export interface ContractApp {
  readonly app: TestApp;
  /** `http://127.0.0.1:<port>`: the application listening on a real socket. */
  readonly origin: string;
  /** A new browser tab running the client (its own session). */
  page(): BrowserPage;
  /** A new tab running the client, with its pages. */
  tab(): ClientTab;
  close(): Promise<void>;
}

/**
 * The real application on a database of its own, listening on 127.0.0.1 (a free port): the client's requests go
 * through the whole HTTP stack (socket, compression, headers), not Fastify's in-process injection.
 */
export async function startContractApp(env: Record<string, string> = {}): Promise<ContractApp> {
  const app = await startTestApp({ RESERVATION_SWEEP_INTERVAL_MS: '0', ...env });
  await app.app.listen(0, '127.0.0.1');
  const { port } = app.app.getHttpServer().address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return { app, origin, page: () => new BrowserPage(origin), tab: () => new ClientTab(new BrowserPage(origin)), close: () => app.close() };
}
