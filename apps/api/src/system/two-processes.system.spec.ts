import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  findKurrentDb,
  type KurrentDbServer,
} from "@ticketing/event-store/testing";
import {
  createTestDatabase,
  type TestDatabase,
} from "@ticketing/postgres/testing";
import {
  openSession,
  runBuiltTool,
  startApiProcess,
  type ApiProcess,
  type Session,
} from "./api-process.js";
import { projectionsDifferingFromRebuild, untilCaughtUp } from "./faults.js";

const CATALOG = fileURLToPath(
  new URL("./two-processes.catalog.yaml", import.meta.url),
);
const EVENT = "two-processes-rush";
const SEATS = 50; // the capacity of the event's only category
const RUSH = 500;
const SOLD_OUT = [
  "error.STEP_1_NOT_ENOUGH_TICKETS",
  "error.STEP_1_TICKET_CATEGORY_MUST_BE_SALEABLE",
];

interface Answer {
  readonly status: number;
  readonly body:
    | {
        success?: boolean;
        value?: unknown;
        validationErrors?: { code?: string | null }[];
      }
    | string;
}
interface CategoryState {
  readonly id: number;
  readonly soldOut: boolean;
  readonly available: number | null;
}

/** `count` sessions, alternating between the processes, so the calls are split evenly across them. */
async function openSessions(
  count: number,
  processes: readonly ApiProcess[],
): Promise<Session[]> {
  const sessions: Session[] = [];
  for (let i = 0; i < count; i += 50) {
    const batch = Array.from({ length: Math.min(50, count - i) }, (_, j) =>
      openSession(processes[(i + j) % processes.length]!),
    );
    sessions.push(...(await Promise.all(batch)));
  }
  return sessions;
}

async function reserve(
  session: Session,
  ticketCategoryId: number,
): Promise<Answer> {
  const response = await fetch(
    `${session.api.baseUrl}/api/v2/public/event/${EVENT}/reserve-tickets?lang=en`,
    {
      method: "POST",
      headers: session.headers,
      body: JSON.stringify({
        reservation: [{ ticketCategoryId, amount: 1 }],
        additionalService: [],
      }),
    },
  );
  const text = await response.text();
  try {
    return {
      status: response.status,
      body: JSON.parse(text) as Answer["body"],
    };
  } catch {
    return { status: response.status, body: text };
  }
}

function statusCounts(answers: readonly Answer[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
  return counts;
}

function errorCode(answer: Answer): string | null | undefined {
  return typeof answer.body === "string"
    ? undefined
    : answer.body.validationErrors?.[0]?.code;
}

function reservationId(answer: Answer): unknown {
  return typeof answer.body === "string" ? undefined : answer.body.value;
}

/** The event's only category as one process shows it; undefined until its read models have the event. */
async function categoryOn(api: ApiProcess): Promise<CategoryState | undefined> {
  const response = await fetch(
    `${api.baseUrl}/api/v2/public/event/${EVENT}/ticket-categories`,
  );
  if (response.status !== 200) return undefined;
  const items = (await response.json()) as {
    ticketCategories: {
      id: number;
      soldOutOrLimitReached: boolean;
      availableTickets: number | null;
    }[];
  };
  const category = items.ticketCategories[0];
  return (
    category && {
      id: category.id,
      soldOut: category.soldOutOrLimitReached,
      available: category.availableTickets,
    }
  );
}

/** Polls every process until `accept` holds on all of them, at most `seconds`; returns the last states seen. */
async function untilEvery(
  processes: readonly ApiProcess[],
  seconds: number,
  accept: (c: CategoryState) => boolean,
): Promise<(CategoryState | undefined)[]> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const states = await Promise.all(processes.map(categoryOn));
    if (states.every((s) => s !== undefined && accept(s))) return states;
    if (Date.now() > deadline) return states;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * The same rush on either event store: PostgreSQL always; KurrentDB (events there, read models and subject keys in
 * PostgreSQL) when EVENTSTORE_URL names a server or a Docker engine can start one, else skipped saying why.
 */
function rushOnTwoProcesses(
  storeName: string,
  kurrent: (() => Promise<KurrentDbServer>) | null,
): void {
  describe(`two API processes on one database, events in ${storeName}`, () => {
    let database: TestDatabase;
    let server: KurrentDbServer | undefined;
    let store: Record<string, string> = {};
    let processes: ApiProcess[] = [];

    beforeAll(async () => {
      server = kurrent ? await kurrent() : undefined;
      // explicit either way, so an EVENTSTORE_URL in the test's environment does not turn the PostgreSQL run into another
      store = { EVENTSTORE_URL: server?.url ?? "" };
      database = await createTestDatabase("system");
      const imported = runBuiltTool(
        "catalog-cli",
        ["import", CATALOG],
        database.url,
        store,
      );
      if (imported.status !== 0)
        throw new Error(`importing the catalog failed:\n${imported.output}`);
      const env = {
        ...store,
        DATABASE_URL: database.url,
        RATE_LIMITS: "off",
        RESERVATION_SWEEP_INTERVAL_MS: "1000",
      };
      processes = await Promise.all([
        startApiProcess("A", env),
        startApiProcess("B", env),
      ]);
    }, 180_000);

    afterAll(async () => {
      await Promise.all(processes.map((p) => p.stop()));
      await database?.drop();
      await server?.stop();
    });

    it("sell exactly the seats there are, get them back when the reservations expire, and keep the read models equal to a rebuild", async () => {
      const [a] = processes as [ApiProcess, ApiProcess];
      const ready = await untilEvery(
        processes,
        30,
        (c) => !c.soldOut && c.available === SEATS,
      );
      expect(
        ready,
        "both processes show the imported category with every seat free",
      ).toEqual([
        { id: expect.any(Number), soldOut: false, available: SEATS },
        { id: expect.any(Number), soldOut: false, available: SEATS },
      ]);
      const categoryId = ready[0]!.id;

      // 1. The rush: 500 buyers, each with a session of its own, half on each process, all at once.
      const buyers = await openSessions(RUSH, processes);
      expect(buyers.filter((s) => s.api === a)).toHaveLength(RUSH / 2);
      const answers = await Promise.all(
        buyers.map((s) => reserve(s, categoryId)),
      );
      const logs = (): string => processes.map((p) => p.logs()).join("\n");
      expect(
        answers.filter((x) => x.status >= 500).length,
        `no 5xx\n${logs()}`,
      ).toBe(0);
      expect(statusCounts(answers)).toEqual({ 200: SEATS, 422: RUSH - SEATS });
      const held = answers.filter((x) => x.status === 200);
      expect(
        held.every(
          (x) => typeof x.body !== "string" && x.body.success === true,
        ),
      ).toBe(true);
      expect(
        new Set(held.map(reservationId)).size,
        "every success is a reservation of its own",
      ).toBe(SEATS);
      const refusals = answers.filter((x) => x.status === 422).map(errorCode);
      expect(
        refusals.filter((code) => !SOLD_OUT.includes(code ?? "")),
        "every refusal says sold out",
      ).toEqual([]);

      // 2. Both processes show the category sold out, then available again once the sweeper expired the holds.
      const soldOut = await untilEvery(processes, 20, (c) => c.soldOut);
      expect(
        soldOut.map((c) => c?.soldOut),
        "both processes show the category sold out after the rush",
      ).toEqual([true, true]);
      const back = await untilEvery(
        processes,
        100,
        (c) => !c.soldOut && (c.available ?? SEATS) === SEATS,
      );
      expect(
        back.map((c) => c && { soldOut: c.soldOut, available: c.available }),
        "every seat is back on both processes",
      ).toEqual([
        { soldOut: false, available: SEATS },
        { soldOut: false, available: SEATS },
      ]);

      // 3. The seats that came back sell once more, exactly once.
      const second = await openSessions(SEATS + 1, processes);
      const again = await Promise.all(
        second.slice(0, SEATS).map((s) => reserve(s, categoryId)),
      );
      expect(
        statusCounts(again),
        `50 new reservations after the expiry\n${logs()}`,
      ).toEqual({ 200: SEATS });
      const oneTooMany = await reserve(second[SEATS]!, categoryId);
      expect(oneTooMany.status, "the 51st").toBe(422);
      expect(SOLD_OUT).toContain(errorCode(oneTooMany));

      // 4. The read models the two processes built together are what a rebuild from the log gives. Verify
      // compares at each projection's checkpoint; letting them catch up first makes that the whole story.
      await untilCaughtUp(a, 30);
      await Promise.all(processes.map((p) => p.stop()));
      const verify = projectionsDifferingFromRebuild(database.url, store);
      expect(verify.verdicts, verify.output).toBeGreaterThan(0);
      expect(verify.differing, verify.output).toEqual([]);
      expect(verify.status, verify.output).toBe(0);
    }, 180_000);
  });
}

rushOnTwoProcesses("PostgreSQL", null);

const kurrentDb = await findKurrentDb();
if (kurrentDb.available) {
  console.log(`two processes on KurrentDB: running against ${kurrentDb.via}`);
  rushOnTwoProcesses("KurrentDB", () => kurrentDb.start());
} else {
  console.log(
    `SKIPPED two processes on KurrentDB: ${kurrentDb.reason}. Set EVENTSTORE_URL (e.g. kurrentdb://127.0.0.1:2113?tls=false) to run it.`,
  );
  describe.skip("two API processes on one database, events in KurrentDB", () => {
    it.skip(`needs KurrentDB: ${kurrentDb.reason}`, () => undefined);
  });
}
