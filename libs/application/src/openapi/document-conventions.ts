import type { OpenAPIObject } from '@nestjs/swagger';
import { rateLimitOfOperation } from '../abuse/rate-limits/rate-limited-routes.js';

type Operation = {
  responses?: Record<string, { description?: string; headers?: Record<string, unknown>; content?: Record<string, unknown> }>;
  parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: unknown }[];
};

const header = (description: string) => ({ description, schema: { type: 'string' } });

/**
 * The cross-cutting rules of reference 1.4 are applied by hooks, not controllers, so they are written into
 * the description here, from the same path rules the hooks use: token headers on public GETs, the OpenID
 * flag on /api/v2 GETs, the anti-forgery 403 on every write, the 429 of the rate-limited calls.
 */
export function documentConventions(document: OpenAPIObject): OpenAPIObject {
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item as Record<string, Operation>)) {
      const responses = (operation.responses ??= {});
      for (const response of Object.values(responses)) response.description ||= 'Success.';
      if (method === 'get') {
        const headers: Record<string, unknown> = {};
        if (path.startsWith('/api/v2')) headers['Alfio-OpenId-Enabled'] = header('`true` when visitors can sign in with OpenID.');
        if (path.startsWith('/api/v2/public/')) {
          headers['X-Auth-Token'] = header('Session token, sent when a session was created: send it back on every call.');
          headers['XSRF-TOKEN'] = header('Anti-forgery token (also set as cookie): send it as X-CSRF-TOKEN or X-XSRF-TOKEN on writes.');
        }
        for (const [status, response] of Object.entries(responses)) {
          if (status.startsWith('2') && Object.keys(headers).length > 0) response.headers = { ...headers, ...response.headers };
        }
      } else {
        responses['403'] ??= { description: 'Missing or invalid anti-forgery token, or no session.' };
        responses['400'] ??= { description: 'The body is not valid JSON (text/plain `bad request`, reference 1.3).' };
      }
      if (method === 'post' && path === '/api/v2/public/event/{shortName}/reserve-tickets') documentQueueGate(operation);
      const limit = rateLimitOfOperation(method, path);
      if (limit) {
        responses['429'] ??= {
          description:
            `Too many calls from this client${limit.when ? ` ${limit.when}` : ''} (RATE_LIMITS \`${limit.call}\`): ` +
            'code `error.TOO_MANY_REQUESTS`; `Retry-After` says when to try again.',
          headers: { 'Retry-After': header('Seconds to wait before the next call of this kind.') },
          // the name renameSchemas gives the wire's ValidationFailureDto
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ValidationFailure' } } },
        };
      }
    }
  }
  return renameSchemas(document);
}

/** The waiting room's gate (a hook, @ticketing/queue/server installQueueGate) in front of reserve-tickets. */
function documentQueueGate(operation: Operation): void {
  (operation.parameters ??= []).push({
    name: 'Alfio-Queue-Token',
    in: 'header',
    required: false,
    description: 'The admission token of the waiting room (GET /event/{shortName}/waiting-room, once ADMITTED), when the event has one.',
    schema: { type: 'string' },
  });
  const responses = (operation.responses ??= {});
  responses['403'] = {
    description:
      'Missing or invalid anti-forgery token, or no session; human verification missing (header `Alfio-Verification-Missing: turnstile`); ' +
      'or the event has a waiting room and no valid admission token of this session was sent (header `Alfio-Queue-Token-Missing: waiting-room`: join the room, wait for admission, retry with the token).',
    headers: {
      'Alfio-Queue-Token-Missing': header('`waiting-room`: queue in the event\'s waiting room and retry with its token.'),
      'Alfio-Verification-Missing': header('`turnstile`: solve the human-verification challenge and retry.'),
    },
  };
}

/** `AlfioInfoDto_Output` -> `AlfioInfo`: the generated client's type names should read like the wire models. */
function renameSchemas(document: OpenAPIObject): OpenAPIObject {
  const schemas = document.components?.schemas ?? {};
  const renames = new Map<string, string>();
  for (const name of Object.keys(schemas)) {
    const clean = name.replace(/Dto(_Output|_Input)?$/, '');
    if (clean !== name && !(clean in schemas) && ![...renames.values()].includes(clean)) renames.set(name, clean);
  }
  let text = JSON.stringify(document);
  for (const [from, to] of renames) {
    text = text.split(`"#/components/schemas/${from}"`).join(`"#/components/schemas/${to}"`);
  }
  const result = JSON.parse(text) as OpenAPIObject;
  if (result.components?.schemas) {
    result.components.schemas = Object.fromEntries(
      Object.entries(result.components.schemas).map(([name, schema]) => [renames.get(name) ?? name, schema]),
    );
  }
  return result;
}
