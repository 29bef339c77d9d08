// BENCH_PROFILE=1 for bench/rush/run.mjs: where the CPU of a run goes. Reads /proc (Linux only).
import { readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** utime + stime of a /proc stat file, in ms (null when the process or thread is gone). */
function cpuOf(path) {
  let text;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    return null;
  }
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS; // fields 14 and 15 of proc(5), counted after the comm
}

function commOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return '';
  }
}

/** The parent pid of a process (null when it is gone). */
function parentOf(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(text.slice(text.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

/**
 * CPU ms so far, by process or thread: the API's main thread and its other threads (with their names), the bench's
 * PostgreSQL (its postmaster and the postmaster's children, when `postmasterPid` is given; else every postgres
 * process of the machine, which on a shared machine counts other people's databases too), this load client.
 */
export function cpuSnapshot(apiPid, postmasterPid) {
  const threads = new Map();
  for (const tid of readdirSync(`/proc/${apiPid}/task`)) {
    if (tid === String(apiPid)) continue;
    const ms = cpuOf(`/proc/${apiPid}/task/${tid}/stat`);
    if (ms !== null) threads.set(tid, { name: commOf(`${apiPid}/task/${tid}`), ms });
  }
  const postgres = new Map();
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid) || commOf(pid) !== 'postgres') continue;
    if (postmasterPid !== undefined && Number(pid) !== postmasterPid && parentOf(pid) !== postmasterPid) continue;
    const ms = cpuOf(`/proc/${pid}/stat`);
    if (ms !== null) postgres.set(pid, ms);
  }
  const client = process.cpuUsage();
  return { apiMain: cpuOf(`/proc/${apiPid}/task/${apiPid}/stat`) ?? 0, threads, postgres, client: (client.user + client.system) / 1000 };
}

/**
 * CPU between two snapshots, process by process: one started since counts whole, one gone since counts nothing (its
 * last moments are lost, not its whole life: a PostgreSQL backend or autovacuum worker that exits mid-run used to
 * take every second it had ever spent out of the sum, and made a run's PostgreSQL share negative).
 */
function spent(before, after) {
  let ms = 0;
  for (const [pid, now] of after) ms += Math.max(0, now - (before.get(pid) ?? 0));
  return ms;
}

/** ms of CPU per call between two snapshots, per part and in all; the API's other threads also by name. */
export function cpuPerCall(before, after, calls) {
  // the API's other threads thread by thread, as spent() counts processes, summed by name
  const byName = {};
  for (const [tid, { name, ms }] of after.threads) byName[name] = (byName[name] ?? 0) + Math.max(0, ms - (before.threads.get(tid)?.ms ?? 0));
  const parts = {
    apiMain: (after.apiMain - before.apiMain) / calls,
    apiOther: Object.values(byName).reduce((sum, ms) => sum + ms, 0) / calls,
    postgres: spent(before.postgres, after.postgres) / calls,
    client: (after.client - before.client) / calls,
  };
  const threads = Object.fromEntries(Object.entries(byName).map(([name, ms]) => [name, ms / calls]).filter(([, ms]) => ms > 0));
  return { ...parts, threads, total: parts.apiMain + parts.apiOther + parts.postgres + parts.client };
}

/**
 * Self time of a `.cpuprofile` by where the code lives (node_modules package, the app's own libs and apps, node's
 * internals, GC, idle) and by function: the top `top` of each.
 */
export function summarizeProfile(profile, top = 25) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  // the profiler's own start (node:inspector's synchronous post) is not the run's work
  const parents = new Map(profile.nodes.flatMap((n) => (n.children ?? []).map((child) => [child, n.id])));
  const isProfilerStart = (id) => {
    for (let at = id; at !== undefined; at = parents.get(at)) if (byId.get(at).callFrame.url === 'node:inspector') return true;
    return false;
  };
  const selfUs = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    if (!isProfilerStart(id)) selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const byPlace = new Map();
  const byFunction = new Map();
  let total = 0;
  for (const [id, us] of selfUs) {
    const { callFrame } = byId.get(id);
    const place = placeOf(callFrame);
    const name = `${callFrame.functionName || '(anonymous)'} ${shortUrl(callFrame.url)}:${callFrame.lineNumber + 1}`;
    byPlace.set(place, (byPlace.get(place) ?? 0) + us);
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
    total += us;
  }
  const rank = (map) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => `${((100 * us) / total).toFixed(1).padStart(5)} %  ${name}`);
  return { totalMs: total / 1000, places: rank(byPlace), functions: rank(byFunction) };
}

function placeOf({ url, functionName }) {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return `npm ${rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]}`;
  }
  if (url.startsWith('node:')) return `node ${url.slice(5).split('/')[0]}`;
  const app = url.match(/\/dist\/([^/]+)\//);
  return app ? `app ${app[1]}` : shortUrl(url);
}

function shortUrl(url) {
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) return url.slice(modules + 'node_modules/'.length);
  const dist = url.indexOf('/dist/');
  return dist >= 0 ? url.slice(dist + 1) : url;
}

/** Bytes a `.heapprofile` (sampled allocations) counts per function and per place, the top `top` of each. */
export function summarizeHeapProfile(profile, top = 20) {
  const byPlace = new Map();
  const byFunction = new Map();
  let total = 0;
  const visit = (node) => {
    const bytes = node.selfSize;
    if (bytes > 0) {
      const { callFrame } = node;
      const name = `${callFrame.functionName || '(anonymous)'} ${shortUrl(callFrame.url)}:${callFrame.lineNumber + 1}`;
      const place = placeOf(callFrame);
      byPlace.set(place, (byPlace.get(place) ?? 0) + bytes);
      byFunction.set(name, (byFunction.get(name) ?? 0) + bytes);
      total += bytes;
    }
    for (const child of node.children ?? []) visit(child);
  };
  visit(profile.head);
  const rank = (map) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, bytes]) => `${((100 * bytes) / total).toFixed(1).padStart(5)} %  ${name}`);
  return { totalBytes: total, places: rank(byPlace), functions: rank(byFunction) };
}
