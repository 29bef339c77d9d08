import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, startTestApp, type TestApp } from '@ticketing/testing/app';
import { HOSTILE_BODIES, HOSTILE_SEGMENTS, readReference, referenceCalls } from './reference-requests.js';

const reference = readReference();
if (!reference) console.log('skipping the reference sweep: ../shared/reference/public-api.md is not beside the checkout');

/**
 * No request shape of the reference may yield a 5xx: every documented call, with hostile path values, query
 * strings and bodies, with and without a session, answers a 2xx/3xx/4xx.
 */
describe.skipIf(!reference)('every call of the wire reference answers below 500 to hostile input', () => {
  let app: TestApp;
  let session: { sessionId: string; xsrf: string };
  beforeAll(async () => {
    app = await startTestApp();
    session = await openSession(app);
  });
  afterAll(() => app.close());

  const calls = reference ? referenceCalls(reference) : [];

  it('finds the calls of the reference', () => {
    expect(calls.length).toBeGreaterThan(40);
  });

  it.each(calls.map((c) => [`${c.method} ${c.path}`, c] as const))('%s', async (_name, call) => {
    const statuses: number[] = [];
    for (const segment of HOSTILE_SEGMENTS) {
      const url = call.path.replace(/\{[^}]+\}/g, segment);
      for (const query of ['', '?lang=', '?lang=zz&code=%FF&type=xyz', '?ignoreWarnings=maybe&tz=Mars/Olympus']) {
        const headers = { 'x-auth-token': session.sessionId, 'x-csrf-token': session.xsrf };
        if (call.method === 'GET' || call.method === 'DELETE') {
          statuses.push((await app.inject({ method: call.method, url: url + query, headers })).statusCode);
        } else {
          for (const body of HOSTILE_BODIES) {
            const response = await app.inject({
              method: call.method as 'POST',
              url: url + query,
              headers: { ...headers, 'content-type': body.contentType },
              payload: body.payload,
            });
            statuses.push(response.statusCode);
          }
        }
      }
    }
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
  });
});
