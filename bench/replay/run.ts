/**
 * Replay benchmark: how fast every read model is rebuilt from a log made by the rush and booking flows, beside the
 * catch-up subscription's raw read rate (the ceiling) in the same run, with the rebuild's memory sampled.
 *   npx tsx bench/replay/run.ts [--events 1000000] [--page 10000] [--profile] [--each]   (REPLAY_BEFORE_TREE: a baseline rebuild too)
 * The log comes from .data/bench-replay/log-<events> (made by generate.mjs on first use, after `npm run build`);
 * each run copies that data folder and works on the copy. Children, each timed and its RSS sampled every 100 ms:
 * read-log.ts (the subscription from the start, pages of --page events), then `tools projections rebuild --all`
 * (the CLI's own code path). The rebuilt tables are then compared row for row with the live tables the API's
 * runner wrote while the log was made (`except all` both ways). Prints figures; exit 1 when a rebuilt table
 * differs or a child fails. Timings are printed, never asserted.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createPool, migrate } from '@ticketing/postgres';
import { startEmbeddedPostgres } from '@ticketing/postgres/embedded';
import { eventStoreMigrations } from '@ticketing/event-store';
import { allProjections } from '@ticketing/application/projections';
// @ts-expect-error the generator is plain JavaScript (it drives the built API like the other loopback benches)
import { generate } from './generate.mjs';

const argument = (name: string, fallback: string) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : (process.argv[at + 1] ?? fallback);
};
const EVENTS = Number(argument('--events', '1000000'));
const PAGE = Number(argument('--page', '10000'));
const PROFILE = process.argv.includes('--profile');
/** Also rebuild each read model alone (its own read of the log): where the rebuild's CPU goes, read model by read model. */
const EACH = process.argv.includes('--each');
/**
 * The checkout whose `tools projections rebuild` is measured (default this one): an export of an older commit
 * (`git archive <commit> | tar -x -C dir`, node_modules linked) gives the before figures on the same log.
 */
const TOOLS_TREE = process.env['REPLAY_TOOLS_TREE'] ?? process.cwd();
/**
 * A second checkout (same form as REPLAY_TOOLS_TREE) whose rebuild runs first, on the same copy, in the same run:
 * a baseline row beside the measured one under the same load, each compared with the live tables.
 */
const BEFORE_TREE = process.env['REPLAY_BEFORE_TREE'];
/** Node options of both children (none, as tools/run-built.mjs starts the CLI; e.g. `--max-semi-space-size=64`). */
const NODE_ARGS = (process.env['REPLAY_NODE_ARGS'] ?? '').split(' ').filter(Boolean);

interface Sampled {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly seconds: number;
  /** RSS every 100 ms, bytes. */
  readonly rss: number[];
  /** CPU seconds (user + system) of the child, and of PostgreSQL's processes meanwhile (as last sampled). */
  readonly cpu: number;
  readonly postgresCpu: number;
}

const TICKS = 100; // clock ticks per second of /proc/<pid>/stat (USER_HZ)

/** utime + stime of a process in seconds, and its parent; undefined when it is gone. */
function statOf(pid: number): { cpu: number; ppid: number } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), cpu: (Number(fields[11]) + Number(fields[12])) / TICKS };
  } catch {
    return undefined;
  }
}

/** CPU seconds of the postmaster and each of its children by pid, now. */
function postgresCpu(postmaster: number): Map<number, number> {
  const cpu = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    const stat = statOf(pid);
    if (stat && (pid === postmaster || stat.ppid === postmaster)) cpu.set(pid, stat.cpu);
  }
  return cpu;
}

function rssOf(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN) * 1024;
  } catch {
    return NaN;
  }
}

/** Runs `node --import tsx <args>` (in `cwd`) and samples its RSS and CPU, and PostgreSQL's CPU, until it exits. */
function sampled(args: readonly string[], env: Record<string, string>, postmaster: number, cwd = process.cwd()): Promise<Sampled> {
  return new Promise((done, fail) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const rss: number[] = [];
    let cpu = 0;
    const postgresBefore = postgresCpu(postmaster);
    const postgresLast = new Map(postgresBefore);
    const timer = setInterval(() => {
      const value = rssOf(child.pid!);
      if (Number.isFinite(value)) rss.push(value);
      cpu = statOf(child.pid!)?.cpu ?? cpu;
      for (const [pid, seconds] of postgresCpu(postmaster)) postgresLast.set(pid, seconds);
    }, 100);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', fail);
    child.on('exit', (code) => {
      clearInterval(timer);
      for (const [pid, seconds] of postgresCpu(postmaster)) postgresLast.set(pid, seconds);
      const postgres = [...postgresLast].reduce((sum, [pid, seconds]) => sum + seconds - (postgresBefore.get(pid) ?? 0), 0);
      done({ code, stdout, stderr, seconds: (performance.now() - started) / 1000, rss, cpu, postgresCpu: postgres });
    });
  });
}

const mib = (bytes: number) => `${(bytes / 1048576).toFixed(0)} MiB`;
const rate = (events: number, seconds: number) => `${Math.round(events / seconds).toLocaleString('en')} events/s`;

/** RSS over the run in tenths: flat when the last tenths are no higher than the middle ones. */
function memoryLine(rss: readonly number[]): string {
  if (rss.length === 0) return 'no samples';
  const tenths = Array.from({ length: Math.min(10, rss.length) }, (_, i) => {
    const from = Math.floor((i * rss.length) / Math.min(10, rss.length));
    const to = Math.floor(((i + 1) * rss.length) / Math.min(10, rss.length));
    return Math.max(...rss.slice(from, to));
  });
  return `peak ${mib(Math.max(...rss))}; by tenth of the run: ${tenths.map(mib).join(', ')}`;
}

const { dir, seconds: generatedIn } = await generate(EVENTS);
const work = mkdtempSync(join(tmpdir(), 'bench-replay-'));
chmodSync(work, 0o755);
const copy = spawnSync('cp', ['-a', join(dir, 'pg'), join(work, 'pg')]);
if (copy.status !== 0) throw new Error(`copying the cached log failed: ${copy.stderr.toString()}`);
const database = await startEmbeddedPostgres({ dataDir: join(work, 'pg'), database: 'replay', ephemeral: true });
const sql = new pg.Client({ connectionString: database.url });
let exitCode = 0;
try {
  await sql.connect();
  // The log as this checkout's API finds it once started: a log cached by an older build gets the event store's
  // later migrations (a rebuild of either tree then reads the same storage).
  const pool = createPool(database.url, 1);
  const migrated = await migrate(pool, eventStoreMigrations).finally(() => pool.end());
  // a migration that rewrote the events leaves them without hint bits: the first reader would set them and write
  // each page to the WAL again (checksums are on), so a vacuum does it before anything is timed
  if (migrated.length > 0) await sql.query('vacuum events');
  const head = Number((await sql.query<{ head: string }>('select coalesce(max(position), 0) as head from events')).rows[0]!.head);
  const checkpoints = new Map(
    (await sql.query<{ name: string; position: string; version: number }>('select name, position, version from projection_checkpoints')).rows.map((r) => [
      r.name,
      { position: Number(r.position), version: r.version },
    ]),
  );
  console.log(`bench/replay: ${head.toLocaleString('en')} events (${generatedIn > 0 ? `generated in ${generatedIn.toFixed(0)} s` : `cached in ${dir}`}), page ${PAGE.toLocaleString('en')}`);
  if (migrated.length > 0) console.log(`migrated the copy: ${migrated.join(', ')}`);
  console.log(`machine: ${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);

  // What the API's runner wrote while the log was made, kept aside to compare the rebuild with.
  // Only what the live runner wrote to the end of the log, with the read model's version of this code: a log cached
  // by an older build keeps that build's tables of a read model changed since (another version, other columns).
  const compared = allProjections.filter((p) => checkpoints.get(p.name)?.position === head && checkpoints.get(p.name)?.version === p.version);
  const lagging = allProjections
    .filter((p) => !compared.includes(p))
    .map((p) => {
      const live = checkpoints.get(p.name);
      if (!live) return `${p.name} (not in the cached log: made by an older build)`;
      return live.version !== p.version ? `${p.name} (version ${live.version} in the cached log, ${p.version} now)` : `${p.name} at ${live.position}`;
    });
  await sql.query('create schema live_before');
  for (const projection of compared) for (const table of projection.tables) await sql.query(`create table live_before."${table.name}" as select * from public."${table.name}"`);

  const postmaster = Number(readFileSync(join(database.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const read = await sampled([...NODE_ARGS, 'bench/replay/read-log.ts'], { DATABASE_URL: database.url, REPLAY_PAGE: String(PAGE) }, postmaster);
  if (read.code !== 0) throw new Error(`read-log failed:\n${read.stderr}`);
  const reading = JSON.parse(read.stdout) as { events: number; seconds: number };

  const profileDir = PROFILE ? mkdtempSync(join(tmpdir(), 'bench-replay-profile-')) : undefined;
  /** `tools projections rebuild --all` of `tree`, timed and sampled; its seconds are the CLI's own (start left out). */
  const rebuildIn = async (tree: string, profile: boolean) => {
    const run = await sampled(
      [...NODE_ARGS, ...(profile && profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []), 'tools/cli/main.ts', 'projections', 'rebuild', '--all', '--page', String(PAGE)],
      { DATABASE_URL: database.url },
      postmaster,
      tree,
    );
    if (run.code !== 0) throw new Error(`rebuild in ${tree} failed (${run.code}):\n${run.stdout}${run.stderr}`);
    // the CLI says how long the rebuild took (before: each read model's): their sum leaves out the child's start
    return { run, seconds: [...run.stdout.matchAll(/ in ([\d.]+) s/g)].reduce((sum, m) => sum + Number(m[1]), 0) };
  };
  /** Row for row, both ways: the rebuild must equal what the live runner wrote. */
  const differencesFromLive = async () => {
    const differences: string[] = [];
    for (const projection of compared) {
      for (const table of projection.tables) {
        const count = async (left: string, right: string) =>
          Number((await sql.query<{ n: string }>(`select count(*) as n from (select * from ${left} except all select * from ${right}) d`)).rows[0]!.n);
        const missing = await count(`live_before."${table.name}"`, `public."${table.name}"`);
        const extra = await count(`public."${table.name}"`, `live_before."${table.name}"`);
        if (missing + extra > 0) differences.push(`${table.name}: ${missing} live row(s) not rebuilt, ${extra} rebuilt row(s) not live`);
      }
    }
    return differences;
  };
  const before = BEFORE_TREE ? await rebuildIn(BEFORE_TREE, false) : undefined;
  const beforeDifferences = before ? await differencesFromLive() : [];
  const { run: rebuild, seconds: rebuildSeconds } = await rebuildIn(TOOLS_TREE, true);

  console.log('');
  const cpuColumns = (run: Sampled, events: number) =>
    `${run.cpu.toFixed(1)} | ${run.postgresCpu.toFixed(1)} | ${rate(events, run.cpu + run.postgresCpu).replace(' events/s', '')}`;
  console.log(`| run | events | seconds | events/s | peak RSS | node CPU s | PostgreSQL CPU s | events per CPU second |`);
  console.log(`|---|---|---|---|---|---|---|---|`);
  console.log(`| catch-up subscription, read only | ${reading.events.toLocaleString('en')} | ${reading.seconds.toFixed(2)} | ${rate(reading.events, reading.seconds)} | ${mib(Math.max(...read.rss))} | ${cpuColumns(read, reading.events)} |`);
  if (before) {
    console.log(`| before: projections rebuild --all (${BEFORE_TREE}) | ${head.toLocaleString('en')} | ${before.seconds.toFixed(2)} | ${rate(head, before.seconds)} | ${mib(Math.max(...before.run.rss))} | ${cpuColumns(before.run, head)} |`);
  }
  console.log(`| projections rebuild --all (${allProjections.length} read models) | ${head.toLocaleString('en')} | ${rebuildSeconds.toFixed(2)} | ${rate(head, rebuildSeconds)} | ${mib(Math.max(...rebuild.rss))} | ${cpuColumns(rebuild, head)} |`);
  console.log('(CPU: the whole child process, its start and compile included, and every PostgreSQL process meanwhile)');
  console.log('');
  console.log(`rebuild / read rate: ${(reading.seconds / rebuildSeconds).toFixed(2)}x (process wall time with its start: ${rebuild.seconds.toFixed(2)} s)`);
  if (before) {
    console.log(`before / read rate: ${(reading.seconds / before.seconds).toFixed(2)}x; after / before: ${(before.seconds / rebuildSeconds).toFixed(2)}x events/s, ${((before.run.cpu + before.run.postgresCpu) / (rebuild.cpu + rebuild.postgresCpu)).toFixed(2)}x events per CPU second`);
    console.log(`before memory: ${memoryLine(before.run.rss)}`);
  }
  console.log(`rebuild memory: ${memoryLine(rebuild.rss)}`);
  console.log(`read memory: ${memoryLine(read.rss)}`);
  if (profileDir) console.log(`rebuild CPU profile: ${profileDir}`);
  if (TOOLS_TREE !== process.cwd()) console.log(`rebuild measured in ${TOOLS_TREE}`);

  if (EACH) {
    // Each alone reads the whole log too: the read-only row is the share every line below carries.
    console.log('');
    console.log('| read model alone | seconds | node CPU s | PostgreSQL CPU s | node µs/event over the read | PostgreSQL µs/event over the read |');
    console.log('|---|---|---|---|---|---|');
    for (const projection of allProjections) {
      const alone = await sampled([...NODE_ARGS, 'tools/cli/main.ts', 'projections', 'rebuild', projection.name, '--page', String(PAGE)], { DATABASE_URL: database.url }, postmaster, TOOLS_TREE);
      if (alone.code !== 0) throw new Error(`rebuild of ${projection.name} failed (${alone.code}):\n${alone.stdout}${alone.stderr}`);
      const seconds = [...alone.stdout.matchAll(/ in ([\d.]+) s/g)].reduce((sum, m) => sum + Number(m[1]), 0);
      const over = (cpu: number, readCpu: number) => (((cpu - readCpu) / head) * 1e6).toFixed(1);
      console.log(`| ${projection.name} | ${seconds.toFixed(2)} | ${alone.cpu.toFixed(1)} | ${alone.postgresCpu.toFixed(1)} | ${over(alone.cpu, read.cpu)} | ${over(alone.postgresCpu, read.postgresCpu)} |`);
    }
  }

  const differences = await differencesFromLive();
  const lag = lagging.length ? `; not compared (the live runner's tables are behind the head or of another version): ${lagging.join(', ')}` : '';
  if (before) {
    console.log(`before: rebuilt tables equal the live runner's: ${beforeDifferences.length === 0 ? 'yes' : 'NO'} (${compared.length} read models compared${lag})`);
    for (const difference of beforeDifferences) console.log(`  ${difference}`);
  }
  console.log(`rebuilt tables equal the live runner's: ${differences.length === 0 ? 'yes' : 'NO'} (${compared.length} read models compared${lag})`);
  for (const difference of differences) console.log(`  ${difference}`);
  if (differences.length + beforeDifferences.length > 0) exitCode = 1;
} catch (error) {
  exitCode = 1;
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
} finally {
  await sql.end().catch(() => undefined);
  await database.stop();
}
process.exit(exitCode);
