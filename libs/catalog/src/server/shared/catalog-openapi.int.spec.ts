import type { OpenAPIObject } from '@nestjs/swagger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '@ticketing/testing/app';

type Operation = { operationId?: string; parameters?: { name: string; in: string }[]; responses: Record<string, { content?: Record<string, unknown> }> };

const expected: Record<string, { path: string; method: string; statuses: string[] }> = {
  getEvents: { path: '/api/v2/public/events', method: 'get', statuses: ['200', '422'] },
  getEvent: { path: '/api/v2/public/event/{shortName}', method: 'get', statuses: ['200', '304', '404', '422'] },
  getTicketCategories: { path: '/api/v2/public/event/{shortName}/ticket-categories', method: 'get', statuses: ['200', '404', '422'] },
  validateCode: { path: '/api/v2/public/event/{shortName}/validate-code', method: 'get', statuses: ['200', '422'] },
  checkDiscount: { path: '/api/v2/public/event/{shortName}/check-discount', method: 'post', statuses: ['200', '204', '403', '422'] },
  getEventCalendar: { path: '/api/v2/public/event/{shortName}/calendar/{lang}', method: 'get', statuses: ['200', '302', '404', '422'] },
  getSubscriptions: { path: '/api/v2/public/subscriptions', method: 'get', statuses: ['200', '422'] },
  getSubscription: { path: '/api/v2/public/subscription/{id}', method: 'get', statuses: ['200', '304', '404', '422'] },
  getFile: { path: '/file/{id}', method: 'get', statuses: ['200', '304', '404', '422'] },
};

describe('the catalog calls in the OpenAPI description', () => {
  let app: TestApp;
  let document: OpenAPIObject;
  beforeAll(async () => {
    app = await startTestApp();
    document = app.openApiDocument();
  });
  afterAll(() => app.close());

  const operation = (path: string, method: string) => (document.paths[path] as Record<string, Operation> | undefined)?.[method];

  it.each(Object.entries(expected))('%s is documented with its responses', (operationId, { path, method, statuses }) => {
    const op = operation(path, method);
    expect(op?.operationId).toBe(operationId);
    for (const status of statuses) expect(op!.responses, `${operationId} ${status}`).toHaveProperty(status);
  });

  it('describes the JSON responses with their schemas, nulls as nullable', () => {
    const event = operation('/api/v2/public/event/{shortName}', 'get')!.responses['200']!.content!['application/json'] as { schema: { $ref: string } };
    const name = event.schema.$ref.split('/').pop()!;
    const schema = document.components!.schemas![name] as { properties: Record<string, unknown>; required: string[] };
    expect(schema.properties['fileBlobId']).toEqual({ anyOf: [{ type: 'string' }, { type: 'null' }] });
    expect(schema.required).toEqual(expect.arrayContaining(['fileBlobId', 'availableTicketsCount', 'i18nOverride']));
  });

  it('lists the query parameters, tags as a repeatable one', () => {
    const names = operation('/api/v2/public/events', 'get')!.parameters!.map((p) => p.name).sort();
    expect(names).toEqual(['organizer', 'organizerSlug', 'subscription', 'tags']);
    const calendar = operation('/api/v2/public/event/{shortName}/calendar/{lang}', 'get')!;
    expect(Object.keys(calendar.responses['200']!.content!)).toEqual(['text/calendar']);
  });
});
