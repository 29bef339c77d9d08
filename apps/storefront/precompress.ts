import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

// Static files are compressed once, at build time, as hard as the formats allow (brotli 11, gzip 9: seconds
// for the whole build, never per request); the server sends the best copy the client accepts
// (@fastify/static's preCompressed, libs/application/src/storefront/storefront.ts).

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** Text formats. Images, WOFF/WOFF2 fonts and archives are compressed inside already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|map|txt|xml|ico|ttf|otf)$/;
/** The shell page is rendered per request from index.html (tokens, preloaded data): compressed then, not here. */
const RENDERED_PER_REQUEST = new Set(['index.html']);

/** The files of a folder, recursively, relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1));
}

/** Writes `<file>.br` and `<file>.gz` beside a file, each only when it is smaller than the file itself. */
export async function precompressFile(path: string): Promise<{ raw: number; br?: number; gz?: number }> {
  const bytes = await readFile(path);
  const [br, gz] = await Promise.all([
    brotli(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
    gzipped(bytes, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  const written: { raw: number; br?: number; gz?: number } = { raw: bytes.length };
  if (br.length < bytes.length) {
    await writeFile(`${path}.br`, br);
    written.br = br.length;
  }
  if (gz.length < bytes.length) {
    await writeFile(`${path}.gz`, gz);
    written.gz = gz.length;
  }
  return written;
}

/** Writes the compressed copies of every compressible file of the build's output, once it is written. */
export const precompress: Plugin = {
  name: 'storefront:precompress',
  apply: 'build',
  async writeBundle(output) {
    const dir = output.dir;
    if (!dir) return;
    const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file) && !RENDERED_PER_REQUEST.has(file));
    await Promise.all(files.map((file) => precompressFile(join(dir, file))));
  },
};
