// The gzipped JavaScript a route needs: the entry chunk, the chunks it imports statically, and the split
// chunks of the given route files with their imports (the autoCodeSplitting output), read from Vite's manifest.
//
//   node apps/storefront/scripts/route-js-size.mjs                        # the event page
//   node apps/storefront/scripts/route-js-size.mjs routes/index.tsx       # any route file(s) under src/
//
// Builds into a temporary folder (dist/storefront is left alone) and prints one line per chunk and the total.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const routes = process.argv.slice(2);
const routeFiles = routes.length ? routes : ['routes/event.$eventShortName.tsx', 'routes/event.$eventShortName.index.tsx'];

const outDir = mkdtempSync(join(tmpdir(), 'storefront-size-'));
try {
  execFileSync(
    process.execPath,
    [join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'apps/storefront/vite.config.ts', '--manifest', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: repoRoot, stdio: 'inherit' },
  );
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8'));
  const needed = new Set();
  const visit = (key) => {
    if (needed.has(key)) return;
    needed.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) visit(key);
  for (const file of routeFiles) {
    const keys = Object.keys(manifest).filter((key) => key.startsWith(`src/${file}?`) || key === `src/${file}`);
    if (keys.length === 0) throw new Error(`no chunk for src/${file}`);
    keys.forEach(visit);
  }
  let total = 0;
  for (const key of needed) {
    const file = manifest[key].file;
    if (!file.endsWith('.js')) continue;
    const size = gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length;
    total += size;
    console.log(`${String(size).padStart(8)}  ${file}`);
  }
  console.log(`${String(total).padStart(8)}  gzip -9 bytes in total (${(total / 1024).toFixed(1)} KiB) for ${routeFiles.join(', ')}`);
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
