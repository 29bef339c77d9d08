import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomIds } from '@ticketing/kernel';
import { startTestApp, type TestApp } from '@ticketing/testing/app';
import { fileSystemImages, formatIssue, formatReport, ImportCatalogService, parseCatalogText } from '@ticketing/catalog/server';
import { fuzzRequest, operationsOf, type FuzzRequest, type Operation, type Pools } from './openapi-arbitraries.js';
import { wireFormatProblem } from './wire-format.js';

/**
 * Issue 17, "Fuzzing from the OpenAPI file": requests generated from openapi/public-api.json for every operation,
 * valid and invalid, one at a time and 8-16 at once on one reservation, one ticket or one code. No answer is a
 * 5xx, every refusal is in the wire format (reference 1.2-1.3), and a refused call leaves the log as it was.
 * Seeded: FUZZ_SEED=<n> replays a run (the seed is printed at the start and with every failure).
 */
const SEED = Number(process.env['FUZZ_SEED'] ?? Math.floor(Math.random() * 2 ** 31));
const PER_OPERATION = Number(process.env['FUZZ_PER_OPERATION'] ?? 140);
const BATCHES = Number(process.env['FUZZ_BATCHES'] ?? 90);
const ORGANIZER_KEY = 'k-fuzz-3c9a1e7b5d2f';
const document = JSON.parse(readFileSync(new URL('../../../../openapi/public-api.json', import.meta.url), 'utf8')) as OpenApiDocument;
type OpenApiDocument = Parameters<typeof operationsOf>[0];

interface Answer {
  readonly status: number;
  readonly headers: Record<string, unknown>;
  readonly body: string;
}

const shown = (request: FuzzRequest) => {
  const payload = request.payload === undefined ? '' : ` ${request.payload.length > 300 ? `${request.payload.slice(0, 300)}... (${request.payload.length} chars)` : request.payload}`;
  return `${request.method} ${request.url.length > 300 ? `${request.url.slice(0, 300)}...` : request.url} ${JSON.stringify(request.headers)}${payload}`;
};

/**
 * The one refusal that records something, by design (record-booking.ts): a booking step that fails its rules
 * keeps what the buyer typed, so the form shows it again, and sends a validated order back to the booking step.
 * Only those two events, only on the reservation named in the path.
 */
function keptDraft(operation: Operation, request: FuzzRequest, appended: readonly { streamId: string; type: string }[]): boolean {
  if (operation.key !== 'POST /api/v2/public/reservation/{reservationId}/validate-to-overview') return false;
  let id: string;
  try {
    id = decodeURIComponent(request.url.split('/')[5] ?? '');
  } catch {
    return false;
  }
  return appended.every((e) => e.streamId === `reservation-${id}` && (e.type === 'BookingDetailsRecorded' || e.type === 'BookingReopened'));
}

/** The first failure of each kind (its first line), so one defect does not hide the others. */
function summary(failures: readonly string[]): string {
  const byKind = new Map<string, { first: string; count: number }>();
  for (const failure of failures) {
    const kind = failure.split('\n')[0]!.replace(/\d+/g, 'N').slice(0, 120);
    const seen = byKind.get(kind);
    if (seen) seen.count++;
    else byKind.set(kind, { first: failure, count: 1 });
  }
  return [...byKind.values()].map(({ first, count }) => `(${count}x) ${first}`).join('\n');
}

describe('fuzzing the public API from its OpenAPI document', () => {
  let app: TestApp;
  let pools: Pools;
  /** The free category of the event the batches reserve in, and the setup visitor's headers. */
  let freeCategory: number;
  let buyer: Record<string, string>;
  const operations = operationsOf(document);
  const counts = new Map<string, number>();
  const statuses = new Map<string, Map<number, number>>();
  const failures: string[] = [];
  const started = Date.now();

  const send = async (request: FuzzRequest): Promise<Answer> => {
    const response = await app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: request.headers,
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    });
    return { status: response.statusCode, headers: response.headers, body: response.body };
  };
  const call = async (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) => {
    const response = await app.inject({ method, url: `/api/v2/public${url}`, headers, ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.body ? response.json() : null };
  };
  const fail = (request: FuzzRequest, answer: Answer, problem: string) => {
    failures.push(`${problem}\n  seed ${SEED}, request: ${shown(request)}\n  answer ${answer.status}: ${answer.body.slice(0, 300)}`);
  };
  const check = (operation: Operation, request: FuzzRequest, answer: Answer) => {
    counts.set(operation.key, (counts.get(operation.key) ?? 0) + 1);
    const tally = statuses.get(operation.key) ?? new Map<number, number>();
    tally.set(answer.status, (tally.get(answer.status) ?? 0) + 1);
    statuses.set(operation.key, tally);
    const problem = wireFormatProblem(operation, answer);
    if (problem) fail(request, answer, problem);
  };

  beforeAll(async () => {
    process.stdout.write(`openapi fuzz: seed ${SEED} (FUZZ_SEED=${SEED} replays it)\n`);
    app = await startTestApp({ RATE_LIMITS: 'off', RESERVATION_SWEEP_INTERVAL_MS: '0', ORGANIZER_API_KEYS: `seeklang:${ORGANIZER_KEY}` });
    // The demo catalog, imported as `npm start` does it: real events, codes, passes and files to aim at.
    const demo = new URL('../../../../tools/catalog/demo/', import.meta.url);
    const parsed = parseCatalogText(readFileSync(new URL('demo.catalog.yaml', demo), 'utf8'), 'yaml');
    if (!parsed.ok) throw new Error(parsed.issues.map(formatIssue).join('\n'));
    const importer = new ImportCatalogService({ store: app.store, waitForProjections: (position) => app.runner.waitFor(position, 30_000), clock: { now: () => new Date() }, ids: randomIds });
    const report = await importer.import(parsed.file, { actor: 'system:openapi-fuzz', images: fileSystemImages(fileURLToPath(demo)) });
    expect(report.ok, formatReport(report)).toBe(true);
    pools = await realTargets();
  }, 120_000);
  afterAll(async () => {
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    const lines = [...counts.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([key, n]) => {
      const tally = [...(statuses.get(key) ?? new Map<number, number>()).entries()].sort(([a], [b]) => a - b);
      return `  ${String(n).padStart(5)} ${key}  (${tally.map(([status, k]) => `${status}: ${k}`).join(', ')})`;
    });
    process.stdout.write(`openapi fuzz: seed ${SEED}, ${total} requests in ${seconds} s over ${counts.size} operations\n${lines.join('\n')}\n`);
    await app?.close();
    // the issue asks for at least 10,000 generated requests over every operation of the document
    if (process.env['FUZZ_PER_OPERATION'] === undefined && process.env['FUZZ_BATCHES'] === undefined) {
      expect(total).toBeGreaterThanOrEqual(10_000);
      expect(counts.size).toBe(operations.length);
    }
  });

  /** Reservations in several states, tickets of a completed order, a pass, codes and files: ids the fuzzer can hit. */
  async function realTargets(): Promise<Pools> {
    const sessions = [await app.session(), await app.session()];
    const headers = sessions[0]!;
    const events = (await call('GET', '/events', headers)).body as { shortName: string; fileBlobId: string | null }[];
    const passes = (await call('GET', '/subscriptions', headers)).body as { id: string; fileBlobId: string | null }[];
    const categories = (await call('GET', '/event/seeklang-studio-session/ticket-categories', headers)).body as { ticketCategories: { id: number; free: boolean }[] };
    const free = categories.ticketCategories.find((c) => c.free)!;
    freeCategory = free.id;
    buyer = headers;
    const reserve = async () => {
      const { status, body } = await call('POST', '/event/seeklang-studio-session/reserve-tickets?lang=en', headers, { reservation: [{ ticketCategoryId: free.id, amount: 1 }] });
      expect(status, JSON.stringify(body)).toBe(200);
      return body.value as string;
    };
    const person = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' };
    const ticketsOf = async (id: string) =>
      ((await call('GET', `/reservation/${id}`, headers)).body.ticketsByCategory as { tickets: { uuid: string }[] }[]).flatMap((c) => c.tickets.map((t) => t.uuid));
    const complete = async (id: string) => {
      const tickets = await ticketsOf(id);
      const form = { ...person, tickets: Object.fromEntries(tickets.map((t) => [t, person])) };
      const validated = await call('POST', `/reservation/${id}/validate-to-overview?lang=en`, headers, form);
      expect(validated.status, JSON.stringify(validated.body)).toBe(200);
      const confirmed = await call('POST', `/reservation/${id}?lang=en`, headers, { termAndConditionsAccepted: true, privacyPolicyAccepted: true });
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      return tickets;
    };
    const completed = await reserve();
    const tickets = await complete(completed);
    const pending = [await reserve(), await reserve(), await reserve()];
    const passReservation = await call('POST', `/subscription/${passes[0]!.id}`, headers);
    expect(passReservation.status, JSON.stringify(passReservation.body)).toBe(200);
    const pass = passReservation.body.value as string;
    const passValidated = await call('POST', `/reservation/${pass}/validate-to-overview?lang=en`, headers, person);
    expect(passValidated.status, JSON.stringify(passValidated.body)).toBe(200);
    const passConfirmed = await call('POST', `/reservation/${pass}?lang=en`, headers, { termAndConditionsAccepted: true, privacyPolicyAccepted: true, paymentProxy: 'OFFLINE' });
    expect(passConfirmed.status, JSON.stringify(passConfirmed.body)).toBe(200);
    const organizerApi = await app.inject({ method: 'POST', url: `/api/v2/organizer/reservations/${pass}/confirm-payment`, headers: { authorization: `ApiKey ${ORGANIZER_KEY}` } });
    expect(organizerApi.statusCode, organizerApi.body).toBe(200);
    const categoryIds: number[] = [];
    for (const { shortName } of events) {
      const found = (await call('GET', `/event/${shortName}/ticket-categories`, headers)).body as { ticketCategories?: { id: number }[] };
      categoryIds.push(...(found.ticketCategories ?? []).map((c) => c.id));
    }
    const codes = ['WINTER10', 'FREUNDE5', 'FAMILIE15', 'SEEKLANG-CREW', 'MILANODEV10', 'TEAM50', 'SPEAKER-MDC27'];
    const files = [...events, ...passes].map((x) => x.fileBlobId).filter((id): id is string => id !== null);
    await app.settle();
    return {
      sessions,
      organizerKey: ORGANIZER_KEY,
      byName: {
        eventName: events.map((e) => e.shortName),
        shortName: events.map((e) => e.shortName),
        publicIdentifier: [...events.map((e) => e.shortName), ...passes.map((p) => p.id)],
        purchaseContextType: ['event', 'subscription'],
        reservationId: [completed, ...pending, pass],
        ticketIdentifier: tickets,
        ticketUuid: tickets,
        id: [...passes.map((p) => p.id), ...files],
        code: codes,
        lang: ['en', 'de', 'it', 'EN'],
        method: ['BANK_TRANSFER', 'CREDIT_CARD', 'PAYPAL', 'STRIPE', 'ON_SITE', 'OFFLINE'],
        provider: ['stripe', 'mollie', 'paypal', 'saferpay'],
        organizer: ['seeklang', 'milano-dev'],
        organizerSlug: ['seeklang', 'milano-dev'],
        type: ['event', 'subscription', 'google', 'ics'],
      },
      body: {
        fields: {
          ticketCategoryId: categoryIds,
          // a buyer's order: one or two tickets, usually no supplements
          amount: [1, 2],
          quantity: [1],
          additionalService: [null, []],
          promoCode: codes,
          code: [...codes, ...passes.map((p) => p.id)],
          email: ['ada@example.org', 'grace@example.org'],
          firstName: ['Ada', 'Grace'],
          lastName: ['Lovelace', 'Hopper'],
          paymentProxy: ['OFFLINE', 'ON_SITE', 'STRIPE'],
          termAndConditionsAccepted: [true],
          privacyPolicyAccepted: [true],
        },
        keys: { tickets: tickets },
      },
    };
  }

  const reserveFree = async () => {
    const { status, body } = await call('POST', '/event/seeklang-studio-session/reserve-tickets?lang=en', buyer, { reservation: [{ ticketCategoryId: freeCategory, amount: 1 }] });
    expect(status, JSON.stringify(body)).toBe(200);
    const id = body.value as string;
    const info = (await call('GET', `/reservation/${id}`, buyer)).body as { ticketsByCategory: { tickets: { uuid: string }[] }[] };
    return { id, ticket: info.ticketsByCategory[0]!.tickets[0]!.uuid };
  };
  const person = (name: string) => ({ firstName: name, lastName: 'Fuzz', email: `${name.toLowerCase()}@example.org` });
  const json = (method: string, url: string, body?: object): FuzzRequest => ({
    method,
    url,
    headers: { ...buyer, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { payload: JSON.stringify(body) } : {}),
    valid: true,
  });
  /** Calls a buyer's browser really makes on one reservation, ticket or code: they race the generated ones. */
  const usualCalls = (kind: 'reservation' | 'ticket' | 'code', target: { id: string; ticket: string; code: string }, n: number): FuzzRequest[] =>
    Array.from({ length: n }, (_, i) => {
      const name = `N${i}`;
      const form = { ...person(name), tickets: { [target.ticket]: person(name) } };
      const base = `/api/v2/public/reservation/${target.id}`;
      const ticket = `/api/v2/public/event/seeklang-studio-session/ticket/${target.ticket}`;
      const options: Record<typeof kind, FuzzRequest[]> = {
        reservation: [
          json('POST', `${base}/validate-to-overview?lang=en`, form),
          json('POST', `${base}/back-to-booking`),
          json('POST', `${base}?lang=en`, { termAndConditionsAccepted: true, privacyPolicyAccepted: true }),
          json('GET', `${base}/status`),
          json('DELETE', base),
        ],
        ticket: [json('PUT', ticket, person(name)), json('GET', `${ticket}/full`), json('DELETE', ticket), json('POST', `${ticket}/send-ticket-by-email?lang=en`)],
        code: [
          json('GET', `/api/v2/public/event/seeklang-winterfestival-2027/validate-code?code=${target.code}`),
          json('POST', '/api/v2/public/event/seeklang-winterfestival-2027/check-discount', { reservation: [{ ticketCategoryId: pools.body.fields['ticketCategoryId']![0], amount: 1 }], promoCode: target.code }),
          json('POST', `${base}/apply-code`, { code: target.code, type: 'SUBSCRIPTION', amount: 1 }),
          json('GET', `/api/v2/public/event/seeklang-winterfestival-2027/ticket-categories?code=${target.code}`),
        ],
      };
      return options[kind][i % options[kind].length]!;
    });

  it('refuses a lone surrogate in a ticket owner\'s name, and the ticket and its order still answer (seed 1327085087 broke them for good)', async () => {
    const { id, ticket } = await reserveFree();
    expect((await call('POST', `/reservation/${id}/validate-to-overview?lang=en`, buyer, { ...person('Owner'), tickets: { [ticket]: person('Owner') } })).status).toBe(200);
    expect((await call('POST', `/reservation/${id}?lang=en`, buyer, { termAndConditionsAccepted: true, privacyPolicyAccepted: true })).status).toBe(200);
    const url = `/api/v2/public/event/seeklang-studio-session/ticket/${ticket}`;
    const before = await app.store.headPosition();
    const poisoned = await send(json('PUT', url, { firstName: 'Grace', lastName: '\ud800', email: 'grace@example.org' }));
    expect(poisoned.status, poisoned.body).toBe(400);
    expect(JSON.parse(poisoned.body).validationErrors).toEqual([{ fieldName: 'lastName', code: 'error.malformedRequest', arguments: null }]);
    expect(await app.store.headPosition()).toBe(before);
    expect((await send(json('GET', `${url}/full`))).status).toBe(200);
    expect((await call('GET', `/reservation/${id}`, buyer)).status).toBe(200);
    expect((await send(json('DELETE', url))).status).toBe(200);
  });

  it('answers every generated request, one at a time, without a 5xx, in the wire format, and a refusal changes nothing', async () => {
    failures.length = 0;
    for (const [index, operation] of operations.entries()) {
      const requests = fc.sample(fuzzRequest(operation, pools, document), { seed: SEED + index, numRuns: PER_OPERATION });
      for (const request of requests) {
        const before = await app.store.headPosition();
        const answer = await send(request);
        check(operation, request, answer);
        if (answer.status >= 400) {
          const after = await app.store.headPosition();
          if (after !== before) {
            const appended = await app.store.readAll({ after: before });
            if (keptDraft(operation, request, appended)) continue;
            fail(request, answer, `a refused call (${answer.status}) appended to the log: ${appended.map((e) => `${e.streamId}#${e.revision} ${e.type}`).join(', ')}`);
          }
        }
      }
    }
    expect(summary(failures), `${failures.length} failures`).toBe('');
  }, 300_000);

  it('answers 8-16 requests sent at once on one reservation, one ticket or one code the same way, and the streams stay whole', async () => {
    failures.length = 0;
    const kinds = ['reservation', 'ticket', 'code'] as const;
    const pathNames: Record<(typeof kinds)[number], readonly string[]> = { reservation: ['reservationId'], ticket: ['ticketIdentifier', 'ticketUuid'], code: ['code'] };
    for (let batch = 0; batch < BATCHES; batch++) {
      const kind = kinds[batch % kinds.length]!;
      const reservation = await reserveFree();
      const code = pools.byName['code']![batch % pools.byName['code']!.length]!;
      const target = { ...reservation, code };
      if (kind === 'ticket') {
        const done = await call('POST', `/reservation/${target.id}/validate-to-overview?lang=en`, buyer, { ...person('Owner'), tickets: { [target.ticket]: person('Owner') } });
        expect(done.status).toBe(200);
        expect((await call('POST', `/reservation/${target.id}?lang=en`, buyer, { termAndConditionsAccepted: true, privacyPolicyAccepted: true })).status).toBe(200);
      }
      // the generated requests of every operation that names this kind of thing, aimed at this one
      const aimed: Pools = {
        ...pools,
        byName: { ...pools.byName, reservationId: [target.id], ticketIdentifier: [target.ticket], ticketUuid: [target.ticket], code: [code], eventName: ['seeklang-studio-session'] },
      };
      const relevant = operations.filter((o) => o.parameters.some((p) => p.in !== 'header' && pathNames[kind].includes(p.name)));
      const size = 8 + (batch % 9);
      const generated = fc.sample(
        fc.integer({ min: 0, max: relevant.length - 1 }).chain((i) => fuzzRequest(relevant[i]!, aimed, document).map((request) => ({ operation: relevant[i]!, request }))),
        { seed: SEED + 10_000 + batch, numRuns: Math.ceil(size / 2) },
      );
      const usual = usualCalls(kind, target, size - generated.length).map((request) => ({ operation: operationOf(request), request }));
      const all = [...generated, ...usual];
      const before = await app.store.headPosition();
      const answers = await Promise.all(all.map(({ request }) => send(request)));
      all.forEach(({ operation, request }, i) => check(operation, request, answers[i]!));
      if (answers.every((a) => a.status >= 400)) {
        const after = await app.store.headPosition();
        const appended = after === before ? [] : await app.store.readAll({ after: before });
        if (after !== before && !all.some(({ operation, request }) => keptDraft(operation, request, appended))) {
          failures.push(`seed ${SEED}, batch ${batch} on a ${kind}: every call was refused, yet the log has ${appended.map((e) => `${e.streamId}#${e.revision} ${e.type}`).join(', ')}`);
        }
      }
      const events = await app.store.readStream(`reservation-${target.id}`);
      if (events.some((e, i) => e.revision !== i)) failures.push(`seed ${SEED}, batch ${batch}: the reservation stream's revisions are not 0..n: ${events.map((e) => e.revision).join(',')}`);
      const shown = await call('GET', `/reservation/${target.id}`, buyer);
      if (shown.status !== 200 && shown.status !== 404) failures.push(`seed ${SEED}, batch ${batch}: the reservation reads ${shown.status} after the batch`);
    }
    expect(summary(failures), `${failures.length} failures`).toBe('');
  }, 300_000);

  it('answers the guessable calls past their budget 429 in the wire format, with Retry-After, and the refused calls change nothing', async () => {
    failures.length = 0;
    // the default bursts, on a second app that holds the same catalog's names but none of its data; the buckets
    // refill at one call a minute, so a slow machine (70 poll calls taking over 5 s refill 10 at the default
    // 120 a minute) still runs past the burst
    const bursts = 'code=1:10,poll=1:60,reserve=1:10,discount=1:20,waiting-list=1:5,mail=1:6,login=1:10';
    const limited = await startTestApp({ RATE_LIMITS: bursts, RESERVATION_SWEEP_INTERVAL_MS: '0' });
    try {
      const aimed: Pools = { ...pools, sessions: [await limited.session()] };
      const guessable = /validate-code|\/code\/\{code\}|\/poll(\/\{pollId\}(\/answer)?)?$|check-discount|reserve-tickets|waiting-list|send-ticket-by-email|re-send-email|apply-code|^POST \/api\/v2\/public\/subscription\/|\/openid\/authentication/;
      const rateLimited = operations.filter((o) => guessable.test(o.key));
      expect(rateLimited.length).toBeGreaterThanOrEqual(10);
      for (const [index, operation] of rateLimited.entries()) {
        // the poll calls' budget is wider (a venue behind one address): past its burst of 60 too, with room for
        // the quarter or so of fuzzed calls the router refuses before the budget is counted (a broken path, a
        // method it has no route for)
        const runs = /\/poll/.test(operation.key) ? 120 : 40;
        const requests = fc.sample(fuzzRequest(operation, aimed, document), { seed: SEED + 20_000 + index, numRuns: runs });
        let refused = 0;
        for (const request of requests) {
          const before = await limited.store.headPosition();
          const response = await limited.inject({ method: request.method as 'GET', url: request.url, headers: request.headers, ...(request.payload === undefined ? {} : { payload: request.payload }) });
          const answer = { status: response.statusCode, headers: response.headers, body: response.body };
          check(operation, request, answer);
          if (answer.status !== 429) continue;
          refused++;
          if ((await limited.store.headPosition()) !== before) fail(request, answer, 'a call refused 429 appended to the log');
        }
        // a request refused before the limit is counted (a forged token, a broken path) may leave the budget whole
        if (refused === 0) failures.push(`seed ${SEED}: no 429 among ${runs} calls of ${operation.key}`);
      }
    } finally {
      await limited.close();
    }
    expect(summary(failures), `${failures.length} failures`).toBe('');
  }, 120_000);

  /** The operation of the document a concrete request is for (its template matched against the path). */
  function operationOf(request: FuzzRequest): Operation {
    const path = request.url.split('?')[0]!;
    const found = operations.find((o) => o.method === request.method && new RegExp(`^${o.path.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path));
    if (!found) throw new Error(`no operation for ${request.method} ${path}`);
    return found;
  }
});
