import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { cleanupOpenApiDoc } from 'nestjs-zod';
import { documentConventions } from './document-conventions.js';

const DESCRIPTION = `Public API of the ticketing storefront. Wire-compatible with the alf.io public API v2: same paths,
JSON field names, status codes and error codes.

Conventions:
- Validation failures answer **422** with \`{ success, errorCount, validationErrors: [{ fieldName, code, arguments }], value, warnings }\`.
  Unlike alf.io, a missing or malformed parameter also answers 422 (never 500), and a body that is not JSON answers 400.
- Entities that do not exist answer **404** with an empty body.
- Every GET under \`/api/v2/public\` returns the session token in \`X-Auth-Token\` (when a session was created) and an
  anti-forgery token in the \`XSRF-TOKEN\` header and cookie. Every non-GET call must send \`X-Auth-Token\` and the token as
  \`X-CSRF-TOKEN\` or \`X-XSRF-TOKEN\`, else **403**.
- GETs under \`/api/v2\` carry \`Alfio-OpenId-Enabled: true|false\`.`;

/** The OpenAPI 3.1 description, built from the controllers' zod schemas: the one source of the wire types. */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle('Ticketing storefront public API')
    .setDescription(DESCRIPTION)
    .setVersion('2.0.0')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'X-Auth-Token', description: 'Session token.' }, 'session')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'X-CSRF-TOKEN', description: 'Anti-forgery token, required on non-GET calls.' }, 'csrf')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'Authorization', description: 'Organizer API: `ApiKey <key>`.' }, 'organizerApiKey')
    .addApiKey({ type: 'apiKey', in: 'header', name: 'Authorization', description: 'Auditor API (keys of the `auditor` role): `ApiKey <key>`.' }, 'auditorApiKey')
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    operationIdFactory: (_controller, method) => method,
  });
  return sortKeys(documentConventions(cleanupOpenApiDoc(document, { version: '3.1' }))) as OpenAPIObject;
}

/** Stable key order, so the committed file only changes when the API does. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, sortKeys(v)]),
    );
  }
  return value;
}
