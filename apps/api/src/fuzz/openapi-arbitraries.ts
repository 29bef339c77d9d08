import fc from 'fast-check';

/** The parts of an OpenAPI 3 document the fuzzer reads. */
export interface Schema {
  readonly $ref?: string;
  readonly type?: string | readonly string[];
  readonly format?: unknown;
  readonly pattern?: string;
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly nullable?: boolean;
  readonly anyOf?: readonly Schema[];
  readonly oneOf?: readonly Schema[];
  readonly allOf?: readonly Schema[];
  readonly properties?: Readonly<Record<string, Schema>>;
  readonly required?: readonly string[];
  readonly additionalProperties?: boolean | Schema;
  readonly items?: Schema;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
}
interface Parameter {
  readonly name: string;
  readonly in: 'path' | 'query' | 'header' | 'cookie';
  readonly required?: boolean;
  readonly schema?: Schema;
}
interface RawOperation {
  readonly parameters?: readonly Parameter[];
  readonly requestBody?: { readonly required?: boolean; readonly content: Record<string, { readonly schema?: Schema }> };
  readonly responses: Record<string, unknown>;
}
export interface OpenApiDocument {
  readonly paths: Record<string, Record<string, RawOperation>>;
  readonly components: { readonly schemas: Record<string, Schema> };
}

export interface Operation {
  /** `METHOD /path/{template}` */
  readonly key: string;
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: string;
  readonly parameters: readonly Parameter[];
  readonly body: { readonly schema: Schema; readonly required: boolean } | null;
  /** The statuses the document lists for it. */
  readonly statuses: ReadonlySet<number>;
}

/** Real values the generator can hit, by parameter name, and the visitor sessions it may send. */
export interface Pools {
  readonly sessions: readonly Record<string, string>[];
  readonly organizerKey: string;
  readonly byName: Readonly<Record<string, readonly string[]>>;
  readonly body: RealValues;
}

export interface FuzzRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly payload?: string;
  /** Whether the body was drawn from its schema unbroken (the path, query and headers may still be hostile). */
  readonly valid: boolean;
}

const METHODS = ['get', 'post', 'put', 'delete'] as const;

export function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const raw = item[method];
      if (!raw) continue;
      const json = raw.requestBody?.content['application/json']?.schema;
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase() as Operation['method'],
        path,
        parameters: raw.parameters ?? [],
        body: json ? { schema: json, required: raw.requestBody?.required ?? false } : null,
        statuses: new Set(Object.keys(raw.responses).map(Number)),
      });
    }
  }
  return operations;
}

/** What an attacker or a broken client sends instead: wrong types, sizes, encodings and injections. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, -0, 2 ** 31, 2 ** 53 + 2, -(2 ** 63), 1e308, -1e308, Number.MIN_VALUE),
  fc.constantFrom('', ' ', '0', 'null', 'undefined', 'NaN', 'true', '[]', '{}', '-1', '1e999', '0x10', '00000000-0000-0000-0000-000000000000'),
  fc.constantFrom("' OR '1'='1", '"; drop table events; --', '<script>alert(1)</script>', '../../../etc/passwd', '%00', '\u0000', '\u202e\u200b', '${jndi:ldap://x}', '{{7*7}}', '__proto__', 'constructor'),
  fc.constantFrom('x'.repeat(10_000), '\u{1F4A5}'.repeat(2_000), 'é'.repeat(5_000), '\uD800', '\uDFFF\uD800'),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'a', 'value', ''), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
);

const hostileText: fc.Arbitrary<string> = hostileValue.map((v) => (typeof v === 'string' ? v : JSON.stringify(v) ?? ''));

function resolve(document: OpenApiDocument, schema: Schema | undefined): Schema {
  let current = schema ?? {};
  for (let hops = 0; current.$ref && hops < 10; hops++) current = document.components.schemas[current.$ref.split('/').pop()!] ?? {};
  return current;
}

function patternArbitrary(pattern: string): fc.Arbitrary<string> | null {
  try {
    return fc.stringMatching(new RegExp(pattern));
  } catch {
    return null;
  }
}

/** Values of body fields that exist (a category id, a code), and keys of maps keyed by an id (tickets by uuid), by field name. */
export interface RealValues {
  readonly fields: Readonly<Record<string, readonly unknown[]>>;
  readonly keys: Readonly<Record<string, readonly string[]>>;
}
const NO_REAL_VALUES: RealValues = { fields: {}, keys: {} };

/** A value the schema accepts (as far as its keywords say: ranges, lengths, formats, patterns, enums). */
export function validValue(document: OpenApiDocument, input: Schema | undefined, depth = 0, real: RealValues = NO_REAL_VALUES, name = ''): fc.Arbitrary<unknown> {
  const schema = resolve(document, input);
  const known = real.fields[name];
  if (known && known.length > 0) return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...known) }, { weight: 1, arbitrary: validValue(document, input, depth, real) });
  const sub = (s: Schema | undefined, field = '') => validValue(document, s, depth + 1, real, field);
  const inner = (): fc.Arbitrary<unknown> => {
    if (schema.enum) return fc.constantFrom(...schema.enum);
    if (schema.const !== undefined) return fc.constant(schema.const);
    const union = schema.anyOf ?? schema.oneOf;
    if (union) return fc.oneof(...union.map((s) => validValue(document, s, depth + 1, real, name)));
    if (schema.allOf) return validValue(document, Object.assign({}, ...schema.allOf.map((s) => resolve(document, s))) as Schema, depth + 1, real, name);
    const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
    if (types.length > 1) return fc.oneof(...types.map((type) => validValue(document, { ...schema, type }, depth + 1, real, name)));
    switch (types[0]) {
      case 'null':
        return fc.constant(null);
      case 'boolean':
        return fc.boolean();
      case 'integer':
      {
        // mostly the small counts a buyer sends, so that schema-valid requests also pass the rules behind them
        const min = Math.max(schema.minimum ?? -1000, -(2 ** 31));
        const max = Math.min(schema.maximum ?? 1000, 2 ** 31);
        const clamp = (n: number) => Math.min(Math.max(n, min), max);
        return fc.oneof({ weight: 3, arbitrary: fc.integer({ min: clamp(1), max: clamp(2) }) }, { weight: 1, arbitrary: fc.integer({ min, max }) });
      }
      case 'number':
        return fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true });
      case 'string':
        return stringValue(schema);
      case 'array': {
        if (depth > 6) return fc.constant([]);
        const minLength = schema.minItems ?? 0;
        return fc.array(sub(schema.items), { minLength, maxLength: Math.max(minLength, Math.min(schema.maxItems ?? 3, 3)) });
      }
      case 'object':
      case undefined: {
        if (!schema.properties && types[0] === undefined) return fc.jsonValue({ maxDepth: 2 });
        if (depth > 6) return fc.constant({});
        const properties = schema.properties ?? {};
        const record = fc.record(
          Object.fromEntries(Object.entries(properties).map(([field, s]) => [field, sub(s, field)])),
          { requiredKeys: (schema.required ?? []).filter((field) => field in properties) },
        ) as fc.Arbitrary<Record<string, unknown>>;
        const extra = schema.additionalProperties;
        if (extra && typeof extra === 'object' && Object.keys(properties).length === 0) {
          const keys = real.keys[name];
          const key = keys && keys.length > 0 ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...keys) }, { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 12 }) }) : fc.string({ minLength: 1, maxLength: 12 });
          return fc.dictionary(key, sub(extra), { maxKeys: 3 });
        }
        return record;
      }
      default:
        return fc.jsonValue({ maxDepth: 1 });
    }
  };
  const value = inner();
  return schema.nullable ? fc.option(value, { nil: null, freq: 8 }) : value;
}

function stringValue(schema: Schema): fc.Arbitrary<string> {
  const fromPattern = schema.pattern ? patternArbitrary(schema.pattern) : null;
  const bounded = (a: fc.Arbitrary<string>) =>
    a.filter((s) => s.length >= (schema.minLength ?? 0) && s.length <= (schema.maxLength ?? Infinity));
  if (fromPattern) return bounded(fromPattern);
  switch (schema.format) {
    case 'uuid':
      return fc.uuid();
    case 'email':
      return fc.emailAddress();
    case 'uri':
      return fc.webUrl();
    case 'date-time':
      return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
    case 'date':
      return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    default:
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.max(schema.minLength ?? 0, Math.min(schema.maxLength ?? 30, 30)) });
  }
}

type Json = unknown;
type Step = string | number;

function pathsIn(value: Json, at: Step[] = [], out: Step[][] = []): Step[][] {
  out.push(at);
  if (Array.isArray(value)) value.forEach((v, i) => pathsIn(v, [...at, i], out));
  else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) pathsIn(v, [...at, k], out);
  return out;
}

function withChange(value: Json, path: Step[], change: (container: Record<Step, unknown>, key: Step) => void): Json {
  if (path.length === 0) return value;
  const copy = structuredClone(value) as Record<Step, unknown>;
  let container = copy;
  for (const step of path.slice(0, -1)) container = container[step] as Record<Step, unknown>;
  change(container, path[path.length - 1]!);
  return copy;
}

/** A valid value broken in one place: a field of the wrong type or size, a field left out, one added, or all of it replaced. */
function mutated(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc
    .tuple(valid, hostileValue, fc.nat(), fc.constantFrom('replace', 'replace', 'delete', 'extra', 'whole', 'nest'))
    .map(([value, hostile, pick, how]) => {
      const paths = pathsIn(value);
      const path = paths[pick % paths.length]!;
      if (how === 'whole' || path.length === 0) return how === 'extra' && value && typeof value === 'object' ? { ...value, ['x-extra']: hostile } : hostile;
      if (how === 'replace') return withChange(value, path, (c, k) => (c[k] = hostile));
      if (how === 'delete') return withChange(value, path, (c, k) => (Array.isArray(c) ? c.splice(Number(k), 1) : delete c[k]));
      if (how === 'nest') return withChange(value, path, (c, k) => (c[k] = [c[k], { deep: [[[[c[k]]]]] }]));
      return withChange(value, path, (c, k) => {
        const target = c[k];
        if (target && typeof target === 'object' && !Array.isArray(target)) (target as Record<string, unknown>)['unexpected'] = hostile;
        else c[k] = hostile;
      });
    });
}

/** A path, query or header value: a real one (an id that exists), one the schema allows, or a hostile one. */
function parameterValue(document: OpenApiDocument, parameter: Parameter, pools: Pools): fc.Arbitrary<string> {
  const real = pools.byName[parameter.name];
  const schemaValue = validValue(document, parameter.schema).map((v) => (typeof v === 'string' ? v : JSON.stringify(v) ?? ''));
  return fc.oneof(
    ...(real && real.length > 0 ? [{ weight: 5, arbitrary: fc.constantFrom(...real) }] : []),
    { weight: 3, arbitrary: schemaValue },
    { weight: 2, arbitrary: hostileText },
  );
}

/** Raw bodies a parser must refuse cleanly: broken JSON, other media types, deep nesting, more than the size limit. */
const rawBody: fc.Arbitrary<{ payload: string; contentType: string }> = fc.oneof(
  fc.constantFrom('{', '{"a":', '[1,2', 'nul', '{"a":1}}', '\u0000', '{"__proto__":{"polluted":true}}', '{"constructor":{"prototype":{"x":1}}}', '').map((payload) => ({ payload, contentType: 'application/json' })),
  fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/json; charset=utf-16', 'application/json;;;', 'nonsense').map((contentType) => ({ payload: 'a=1&b=2', contentType })),
  fc.constant({ payload: `${'['.repeat(5_000)}${']'.repeat(5_000)}`, contentType: 'application/json' }),
  fc.constant({ payload: JSON.stringify({ big: 'x'.repeat(1_100_000) }), contentType: 'application/json' }),
);

/** The UTF-8 bytes of the text (a lone surrogate becomes U+FFFD), percent-encoded but for the characters kept. */
function percentEncoded(text: string, kept: RegExp): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    out += byte < 0x80 && kept.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** One request to the operation: mostly valid or broken in one part, with the visitor's session, another one, or none. */
export function fuzzRequest(operation: Operation, pools: Pools, document: OpenApiDocument): fc.Arbitrary<FuzzRequest> {
  const pathParameters = operation.parameters.filter((p) => p.in === 'path');
  const query = operation.parameters.filter((p) => p.in === 'query');
  const headerParameters = operation.parameters.filter((p) => p.in === 'header');
  const pathValues = fc.tuple(...pathParameters.map((p) => parameterValue(document, p, pools)));
  const queryValues = fc.tuple(
    ...query.map((p) =>
      fc.oneof(
        { weight: p.required ? 8 : 3, arbitrary: parameterValue(document, p, pools).map((v) => [v]) },
        { weight: 1, arbitrary: fc.constant([] as string[]) },
        { weight: 1, arbitrary: fc.array(parameterValue(document, p, pools), { minLength: 2, maxLength: 3 }) },
      ),
    ),
  );
  const extraQuery = fc.option(fc.tuple(fc.constantFrom('lang', 'code', 'x', '__proto__', 'id'), hostileText), { freq: 4 });
  const bodySchema = operation.body ? validValue(document, operation.body.schema, 0, pools.body) : fc.constant(undefined);
  const body = fc.oneof(
    { weight: 5, arbitrary: bodySchema.map((value) => ({ value, raw: null, valid: true })) },
    { weight: 5, arbitrary: mutated(bodySchema).map((value) => ({ value, raw: null, valid: false })) },
    { weight: 1, arbitrary: rawBody.map((raw) => ({ value: undefined, raw, valid: false })) },
    { weight: 1, arbitrary: fc.constant({ value: undefined, raw: null, valid: !operation.body?.required }) },
  );
  const session = fc.oneof(
    { weight: 8, arbitrary: fc.constantFrom(...pools.sessions) },
    { weight: 1, arbitrary: fc.constant({}) },
    { weight: 1, arbitrary: fc.constantFrom(...pools.sessions).map((s) => ({ ...s, 'x-csrf-token': 'forged' })) },
    { weight: 1, arbitrary: fc.constantFrom(...pools.sessions).map((s) => ({ 'x-auth-token': s['x-auth-token']!, 'x-csrf-token': pools.sessions[0]!['x-csrf-token']! })) },
  );
  const organizer = fc.option(fc.constantFrom(`ApiKey ${pools.organizerKey}`, 'ApiKey wrong', 'Bearer x', 'ApiKey '), { freq: 3 });
  const headerValues = fc.tuple(...headerParameters.map((p) => fc.option(parameterValue(document, p, pools), { freq: 2 })));
  // now and then a method the path does not have (405 in the wire format, or 404 where no route matches): never one of
  // its other operations, whose answers are not this operation's (DELETE /user/me is not a wrong GET /user/me)
  const served = new Set(Object.keys(document.paths[operation.path] ?? {}).map((m) => m.toUpperCase()));
  const unserved = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].filter((m) => !served.has(m));
  const method =
    unserved.length === 0
      ? fc.constant(operation.method as string)
      : fc.oneof({ weight: 19, arbitrary: fc.constant(operation.method as string) }, { weight: 1, arbitrary: fc.constantFrom(...unserved) });
  return fc
    .record({ path: pathValues, queryValues, extraQuery, body, session, organizer, headerValues, encode: fc.nat(9), method })
    .map(({ path, queryValues: values, extraQuery: extra, body: drawn, session: sessionHeaders, organizer: key, headerValues: extraHeaders, encode, method: sent }) => {
      let i = 0;
      // mostly encoded; sometimes raw, so separators, dots and percent signs reach the router as they are
      const url = operation.path.replace(/\{[^}]+\}/g, () => {
        const v = path[i++]!;
        return encode === 0 ? percentEncoded(v, /[A-Za-z0-9\-._~!$&'()*+,;=:@/%]/) : percentEncoded(v, /[A-Za-z0-9\-._~]/);
      });
      const search = new URLSearchParams();
      query.forEach((p, j) => values[j]!.forEach((v) => search.append(p.name, v)));
      if (extra) search.append(extra[0], extra[1]);
      const headers: Record<string, string> = { ...sessionHeaders };
      if (key) headers['authorization'] = key;
      headerParameters.forEach((p, j) => {
        const v = extraHeaders[j];
        if (v !== null && v !== undefined) headers[p.name.toLowerCase()] = v.replace(/[^\x20-\x7e]/g, '?');
      });
      let payload: string | undefined;
      if (drawn.raw) {
        payload = drawn.raw.payload;
        headers['content-type'] = drawn.raw.contentType;
      } else if (drawn.value !== undefined) {
        payload = JSON.stringify(drawn.value);
        headers['content-type'] = 'application/json';
      }
      const qs = search.toString();
      return { method: sent, url: qs ? `${url}?${qs}` : url, headers, ...(payload === undefined ? {} : { payload }), valid: drawn.valid };
    });
}
