import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenAPIObject } from '@nestjs/swagger';
import { startTestApp, type TestApp } from '@ticketing/testing/app';

type Operation = { operationId?: string; parameters?: unknown[]; responses: Record<string, unknown> };

describe('the OpenAPI description', () => {
  let app: TestApp;
  let document: OpenAPIObject;
  beforeAll(async () => {
    app = await startTestApp();
    document = app.openApiDocument();
  });
  afterAll(() => app.close());

  const operations = () =>
    Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item as Record<string, Operation>).map(([method, op]) => ({ path, method, op })),
    );

  it('is OpenAPI 3.1 with an explicit, unique operationId on every operation', () => {
    expect(document.openapi).toBe('3.1.0');
    const ids = operations().map((o) => o.op.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z]+$/.test(id) && !id.includes('Controller'))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('documents a success response for every operation, 422 where input is parsed, 403 on every write', () => {
    for (const { path, method, op } of operations()) {
      // success is a 2xx, or a 3xx for the link endpoints that only ever redirect
      expect(Object.keys(op.responses).some((s) => s.startsWith('2') || s.startsWith('3'))).toBe(true);
      if ((op.parameters ?? []).length > 0) expect(op.responses).toHaveProperty('422');
      // providers' webhooks carry no session, so no anti-forgery token: their signature is the check (400 when forged)
      if (method !== 'get' && !path.includes('/webhook/')) expect(op.responses).toHaveProperty('403');
      if (path.includes('/webhook/')) expect(op.responses).toHaveProperty('400');
    }
  });

  it('documents the 401 of an owned reservation on every public call naming one, but the status lookup (reference 3.3, 17)', () => {
    const named = operations().filter(({ path }) => path.includes('{reservationId}') && /^\/api\/(v2\/public|reservation|events)\//.test(path));
    expect(named.length).toBeGreaterThan(15);
    for (const { path, method, op } of named) {
      const status = /\/status$/.test(path);
      if (status) expect(op.responses, `${method} ${path}`).not.toHaveProperty('401');
      else expect(op.responses, `${method} ${path}`).toHaveProperty('401');
    }
  });

  it('describes a nullable field as nullable, not as an array', () => {
    const info = document.components!.schemas!['AlfioInfo'] as { properties: Record<string, unknown> };
    expect(info.properties['globalTermsUrl']).toEqual({ anyOf: [{ type: 'string' }, { type: 'null' }] });
  });

  it('documents the 429 of every rate-limited call (RATE_LIMITS), with its Retry-After header, and of no other', () => {
    const limited = operations()
      .filter(({ op }) => '429' in op.responses)
      .map(({ path, method }) => `${method} ${path}`)
      .sort();
    expect(limited).toEqual([
      'get /api/v2/audit/order/{reservationId}',
      'get /api/v2/audit/subscription/{subscriptionId}',
      'get /api/v2/audit/ticket/{ticketId}',
      'get /api/v2/public/event/{eventName}/poll',
      'get /api/v2/public/event/{eventName}/poll/{pollId}',
      'get /api/v2/public/event/{shortName}/code/{code}',
      'get /api/v2/public/event/{shortName}/ticket-categories',
      'get /api/v2/public/event/{shortName}/validate-code',
      'get /openid/authentication',
      'get /openid/{type}/{publicIdentifier}/reservation/{reservationId}',
      'post /api/v2/public/event/{eventName}/poll/{pollId}/answer',
      'post /api/v2/public/event/{eventName}/ticket/{ticketIdentifier}/send-ticket-by-email',
      'post /api/v2/public/event/{shortName}/check-discount',
      'post /api/v2/public/event/{shortName}/reserve-tickets',
      'post /api/v2/public/event/{shortName}/waiting-list/subscribe',
      'post /api/v2/public/reservation/{reservationId}/apply-code',
      'post /api/v2/public/subscription/{id}',
      'post /api/v2/public/{purchaseContextType}/{publicIdentifier}/reservation/{reservationId}/re-send-email',
    ]);
    const response = (path: string, method: string) => (document.paths[path] as Record<string, Operation>)[method]!.responses['429'] as { description: string; headers: object };
    expect(response('/api/v2/public/event/{shortName}/reserve-tickets', 'post').description).toContain('RATE_LIMITS `reserve`');
    expect(response('/api/v2/public/event/{shortName}/reserve-tickets', 'post').headers).toHaveProperty('Retry-After');
    expect(response('/api/v2/public/event/{shortName}/reserve-tickets', 'post')).toMatchObject({ content: { 'application/json': { schema: { $ref: '#/components/schemas/ValidationFailure' } } } });
    expect(document.components?.schemas).toHaveProperty('ValidationFailure');
    // ticket-categories counts against the code budget only when it carries a code
    expect(response('/api/v2/public/event/{shortName}/ticket-categories', 'get').description).toContain('with `code` (RATE_LIMITS `code`)');
  });

  it('is what the server publishes at /api/openapi.json', async () => {
    const served = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(served.json()).toEqual(JSON.parse(JSON.stringify(document)));
  });
});
