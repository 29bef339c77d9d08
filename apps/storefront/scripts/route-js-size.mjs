// The gzipped JavaScript each route of src/routes needs on a cold load: the entry chunk (main.tsx, __root and
// every route's config) with the chunks it imports statically, plus, for the route and each of its parent
// layout routes, what its route file imports dynamically (the autoCodeSplitting pieces `?tsr-split=...` except
// error/not-found/pending components, and any module its beforeLoad or loader imports), with their static
// imports. Parts a page loads only when it shows them (lazy()) are listed apart. Built in memory with the app's
// own Vite config (dist/storefront is left alone); sizes are gzip -9 of each chunk as emitted, KB = 1024 bytes.
//
//   node apps/storefront/scripts/route-js-size.mjs             # table of every route
//   node apps/storefront/scripts/route-js-size.mjs --chunks    # ... with the chunks each route loads
//   node apps/storefront/scripts/route-js-size.mjs --check     # exit 1 when a route exceeds its budget or
//                                                              # the build holds a forbidden module
//   node apps/storefront/scripts/route-js-size.mjs --json      # the measurement, for the size test
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const appRoot = fileURLToPath(new URL('../', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const routesDir = join(appRoot, 'src/routes');

const KB = 1024;
/**
 * Budgets by route file; any other route gets DEFAULT_BUDGET. Raised by 1 KB each on 2026-11-30 (README, "Bundle
 * sizes"): the event page and the booking step sat 3 bytes under them, where a changed hash in a lazy chunk's file
 * name alone moves a route by a few bytes.
 */
export const BUDGETS = { 'event.$eventShortName.index.tsx': 121 * KB };
export const DEFAULT_BUDGET = 131 * KB;

/** Modules the browser build must never contain: the app renders with React, and no server code ships. */
export const FORBIDDEN_MODULES = [
  { name: 'preact', test: /[\\/]node_modules[\\/]preact[\\/]/ },
  { name: 'server code of a library', test: /[\\/]libs[\\/][^\\/]+[\\/]src[\\/]server[\\/]/ },
  { name: 'the API app', test: /[\\/]apps[\\/]api[\\/]/ },
  { name: 'NestJS', test: /[\\/]node_modules[\\/]@nestjs[\\/]/ },
  { name: 'node-postgres', test: /[\\/]node_modules[\\/]pg(-[^\\/]+)?[\\/]/ },
];

/** @param {string[]} moduleIds */
export function forbiddenModuleIds(moduleIds) {
  return moduleIds.flatMap((id) => FORBIDDEN_MODULES.filter((rule) => rule.test.test(id)).map((rule) => ({ id, rule: rule.name })));
}

/**
 * Every route of the generated tree with its parent chain, read from routeTree.gen.ts (which the build has just
 * regenerated from src/routes): `const XRoute = XRouteImport.update({ id, path, getParentRoute: () => YRoute })`.
 * @param {string} source
 */
export function parseRouteTree(source) {
  // './routes/index' or './routes/index.js' (the generator writes what the import style asks for): the .tsx file
  const fileOfImport = new Map(
    [...source.matchAll(/import \{ Route as (\w+) \} from '\.\/routes\/([^']+)'/g)].map((m) => [m[1], `${m[2].replace(/\.(js|jsx|ts|tsx)$/, '')}.tsx`]),
  );
  const nodes = new Map();
  const declaration = /const (\w+) =\s*(\w+)\.update\(\s*\{\s*id: '([^']*)',\s*path: '([^']*)',\s*getParentRoute: \(\) => (\w+),/g;
  for (const [, name, imported, , path, parent] of source.matchAll(declaration)) {
    const file = fileOfImport.get(imported);
    if (!file) throw new Error(`routeTree.gen.ts: no import for ${imported}`);
    nodes.set(name, { file, path, parent });
  }
  const fullPath = (name) => {
    const node = nodes.get(name);
    return node ? `${fullPath(node.parent)}${node.path}`.replace(/\/{2,}/g, '/') : '';
  };
  const chain = (name) => {
    const node = nodes.get(name);
    return node ? [node.file, ...chain(node.parent)] : [];
  };
  return [...nodes.keys()].map((name) => ({ fullPath: fullPath(name), files: chain(name) }));
}

/** A split piece holding only what shows on an error or a missing match: not loaded on a normal visit. */
const errorOnlyPiece = (id) => /\?tsr-split=/.test(id) && id.split('?tsr-split=')[1].split('---').every((part) => /^(errorComponent|notFoundComponent|pendingComponent)$/.test(part));

/**
 * Builds the storefront in memory and measures every route.
 * @param {{ outDir: string }} options outDir is never written (write: false) but keeps Vite off dist/storefront
 */
export async function measureRoutes({ outDir }) {
  // Vite takes process.env.NODE_ENV over the mode: a shell (or test runner) with another value would measure
  // React's development build.
  process.env.NODE_ENV = 'production';
  const { build } = await import('vite');
  /** What each route file imports dynamically, from the bundler's module graph. */
  const dynamicImports = new Map();
  const recordRouteImports = {
    name: 'route-js-size:record-route-imports',
    generateBundle() {
      for (const id of this.getModuleIds()) if (id.startsWith(routesDir) && !id.includes('?')) dynamicImports.set(id, this.getModuleInfo(id)?.dynamicallyImportedIds ?? []);
    },
  };
  const result = await build({
    configFile: join(appRoot, 'vite.config.ts'),
    logLevel: 'warn',
    plugins: [recordRouteImports],
    build: { outDir, write: false, emptyOutDir: false },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output);
  const chunks = new Map(outputs.filter((o) => o.type === 'chunk').map((c) => [c.fileName, c]));
  const gzipped = new Map([...chunks.values()].map((c) => [c.fileName, gzipSync(c.code, { level: 9 }).length]));

  const withStaticImports = (fileNames) => {
    const seen = new Set();
    const visit = (fileName) => {
      if (seen.has(fileName)) return;
      seen.add(fileName);
      chunks.get(fileName).imports.forEach(visit);
    };
    fileNames.forEach(visit);
    return seen;
  };
  const sum = (fileNames) => [...fileNames].reduce((total, f) => total + gzipped.get(f), 0);
  const chunkOf = (moduleId) => {
    const chunk = [...chunks.values()].find((c) => c.facadeModuleId === moduleId) ?? [...chunks.values()].find((c) => c.moduleIds.includes(moduleId));
    if (!chunk) throw new Error(`no chunk holds ${moduleId}`);
    return chunk.fileName;
  };
  const entry = withStaticImports([...chunks.values()].filter((c) => c.isEntry).map((c) => c.fileName));
  const routeChunks = (routeFile) => {
    const imported = dynamicImports.get(join(routesDir, routeFile));
    if (!imported) throw new Error(`src/routes/${routeFile} is not in the build`);
    return imported.filter((id) => !errorOnlyPiece(id)).map(chunkOf);
  };

  const tree = parseRouteTree(readFileSync(join(appRoot, 'src/routeTree.gen.ts'), 'utf8'));
  const onDisk = readdirSync(routesDir).filter((f) => /\.tsx?$/.test(f) && !f.startsWith('__root.'));
  const missing = onDisk.filter((f) => !tree.some((route) => route.files[0] === f));
  if (missing.length) throw new Error(`routes missing from routeTree.gen.ts: ${missing.join(', ')}`);

  const routes = tree
    .map(({ fullPath, files }) => {
      const loaded = withStaticImports([...entry, ...files.flatMap(routeChunks)]);
      const budget = BUDGETS[files[0]] ?? DEFAULT_BUDGET;
      return { fullPath, files, bytes: sum(loaded), budget, chunks: [...loaded].map((f) => ({ file: f, bytes: gzipped.get(f) })) };
    })
    .sort((a, b) => a.fullPath.localeCompare(b.fullPath));
  // Dynamic entries no route counts: what a page loads when it shows it (a lazy dialog or section).
  const counted = new Set(routes.flatMap((r) => r.chunks.map((c) => c.file)));
  const onDemand = [...chunks.values()]
    .filter((c) => c.isDynamicEntry && !counted.has(c.fileName) && !(c.facadeModuleId && errorOnlyPiece(c.facadeModuleId)))
    .map((c) => ({ file: c.fileName, bytes: sum([...withStaticImports([c.fileName])].filter((f) => !counted.has(f))) }));
  const moduleIds = [...new Set([...chunks.values()].flatMap((c) => c.moduleIds))].map((id) => (id.startsWith(repoRoot) ? relative(repoRoot, id) : id));
  return { entryBytes: sum(entry), routes, onDemand, moduleIds, forbidden: forbiddenModuleIds(moduleIds.map((id) => join(repoRoot, id))) };
}

const kb = (bytes) => (bytes / KB).toFixed(1);

/** Routes in tree order, each file shown under its parent layout (indented, without the parent's prefix). */
function treeRows(routes) {
  const childrenOf = (parent) => routes.filter((r) => r.files[1] === parent).sort((a, b) => a.files[0].localeCompare(b.files[0]));
  const rows = [];
  const visit = (route, depth) => {
    const [file, parent] = route.files.map((f) => f.replace(/\.tsx?$/, ''));
    const label = parent && file.startsWith(`${parent}.`) ? file.slice(parent.length) : file;
    rows.push({ route, label: `${'  '.repeat(depth)}${label}` });
    childrenOf(route.files[0]).forEach((child) => visit(child, depth + 1));
  };
  childrenOf(undefined).forEach((route) => visit(route, 0));
  return rows;
}

function printTable({ entryBytes, routes, onDemand, forbidden }, { chunks }) {
  const rows = treeRows(routes).map(({ route: r, label }) => [label, String(r.bytes), kb(r.bytes), String(r.budget / KB), r.bytes > r.budget ? 'OVER' : '']);
  const header = ['route file (src/routes, under its layouts)', 'gzip B', 'KB', 'budget', ''];
  const entryRow = ['(entry: main.tsx, __root, route configs)', String(entryBytes), kb(entryBytes), '', ''];
  const widths = header.map((h, i) => Math.max(h.length, entryRow[i].length, ...rows.map((row) => row[i].length)));
  const line = (cells) => cells.map((c, i) => (i >= 1 && i <= 3 ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ').trimEnd();
  console.log(line(header));
  console.log(line(entryRow));
  treeRows(routes).forEach(({ route }, i) => {
    console.log(line(rows[i]));
    if (chunks) for (const c of route.chunks) console.log(`      ${String(c.bytes).padStart(7)}  ${c.file}`);
  });
  for (const c of onDemand) console.log(`on demand, beyond a route's chunks: ${String(c.bytes).padStart(6)} B  ${c.file}`);
  for (const f of forbidden) console.log(`forbidden module (${f.rule}): ${relative(repoRoot, f.id)}`);
}

async function main(args) {
  const { mkdtempSync, rmSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const outDir = mkdtempSync(join(tmpdir(), 'storefront-size-'));
  try {
    const measured = await measureRoutes({ outDir });
    if (args.includes('--json')) {
      process.stdout.write(`${JSON.stringify(measured)}\n`);
    } else {
      printTable(measured, { chunks: args.includes('--chunks') });
    }
    if (args.includes('--check')) {
      const over = measured.routes.filter((r) => r.bytes > r.budget);
      for (const r of over) console.error(`${r.fullPath}: ${kb(r.bytes)} KB > budget ${kb(r.budget)} KB`);
      if (over.length || measured.forbidden.length) process.exitCode = 1;
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main(process.argv.slice(2));
