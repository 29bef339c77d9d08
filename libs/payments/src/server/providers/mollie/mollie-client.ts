import http from 'node:http';
import https from 'node:https';
import { createMollieClient, type MollieClient } from '@mollie/api-client';

const loopbackHosts = new Set(['127.0.0.1', 'localhost', '[::1]']);

/**
 * The SDK's client for Mollie (`apiBase` null) or another endpoint (`https://...`, or the local stand-in's
 * `http://127.0.0.1:port/v2/`).
 *
 * The SDK (4.6.0) sends every request through an `https.Agent` it makes in its constructor with Mollie's CA bundle:
 * Node refuses a plain-HTTP endpoint with it (`Protocol "http:" not supported. Expected "https:"`), and no local
 * certificate would be trusted either. So for a plain-HTTP endpoint, and only a loopback one (the API key never
 * crosses a network in clear), the client is made while `https.Agent` stands for `http.Agent`. The constructor is
 * synchronous and the only reader of it, and it is put back before anything else runs.
 */
export function mollieClient(apiKey: string, apiBase: string | null): MollieClient {
  if (apiBase === null) return createMollieClient({ apiKey });
  const endpoint = new URL(apiBase);
  if (endpoint.protocol === 'https:') return createMollieClient({ apiKey, apiEndpoint: endpoint.href });
  if (endpoint.protocol !== 'http:' || !loopbackHosts.has(endpoint.hostname)) {
    throw new Error(`Mollie's API is reached over https, or over http on this host only (a stand-in): not ${apiBase}`);
  }
  const modules = https as { Agent: unknown };
  const httpsAgent = modules.Agent;
  modules.Agent = PlainHttpAgent;
  try {
    return createMollieClient({ apiKey, apiEndpoint: endpoint.href });
  } finally {
    modules.Agent = httpsAgent;
  }
}

/** Takes the SDK's agent options (its CA bundle, meaningless without TLS) and ignores them. */
class PlainHttpAgent extends http.Agent {
  constructor() {
    super({ keepAlive: false });
  }
}
