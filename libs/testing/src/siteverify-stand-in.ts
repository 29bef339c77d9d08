import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SiteverifyCall {
  readonly secret: string | null;
  readonly response: string | null;
  readonly remoteip: string | null;
  readonly contentType: string | undefined;
}

export interface SiteverifyStandIn {
  readonly url: string;
  readonly calls: SiteverifyCall[];
  /** How the next answers are given; `normal` speaks siteverify. */
  mode: 'normal' | 'slow' | 'broken' | 'not-json';
  close(): Promise<void>;
}

/**
 * A local siteverify service, as Cloudflare's and Google's answer: a token passes only with the right secret.
 * `slow` never answers in time, `broken` answers 500, `not-json` answers 200 with an HTML page.
 */
export async function startSiteverifyStandIn(secret: string, goodToken: string): Promise<SiteverifyStandIn> {
  const calls: SiteverifyCall[] = [];
  const standIn = { mode: 'normal' } as SiteverifyStandIn;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      calls.push({ secret: form.get('secret'), response: form.get('response'), remoteip: form.get('remoteip'), contentType: request.headers['content-type'] });
      if (standIn.mode === 'slow') return void setTimeout(() => response.end('{"success":true}'), 10_000).unref();
      if (standIn.mode === 'broken') return void response.writeHead(500).end('{"success":true}');
      if (standIn.mode === 'not-json') return void response.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
      const errors = form.get('secret') !== secret ? ['invalid-input-secret'] : form.get('response') !== goodToken ? ['invalid-input-response'] : [];
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: errors.length === 0, 'error-codes': errors }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(standIn, {
    url: `http://127.0.0.1:${port}/siteverify`,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  });
}

/** An address where nothing listens. */
export async function unreachableUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/siteverify`;
}
