import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export const WEB_FONTS_PREFIX = '/resources/font/';
/** The font's licence (SIL Open Font License 1.1), served beside the files as the licence asks. */
export const WEB_FONTS_LICENCE = 'SourceSansPro-OFL.txt';

/**
 * The Unicode subsets of Source Sans Pro Regular that alf.io's server keeps under /resources/font/ and the
 * @font-face rules of its public pages ask for (`SourceSansPro-Regular.<subset>.woff2`, one rule per subset with
 * its unicode-range, so a browser fetches only the subsets a page's text uses).
 */
const SUBSETS = ['latin', 'latin-ext', 'cyrillic', 'cyrillic-ext', 'greek', 'greek-ext', 'vietnamese'] as const;

/** A year, and never revalidated: a name always holds the same glyphs (a new cut would get a new name). */
const FONT_CACHE = 'public, max-age=31536000, immutable';

interface ServedFile {
  readonly bytes: Buffer;
  readonly type: string;
  readonly etag: string;
}

/**
 * The files by the name alf.io serves them under, read from the @fontsource/source-sans-pro package (the same
 * Google Fonts cut, subset the same way; its files are named `source-sans-pro-<subset>-400-normal.woff2`).
 */
export function loadWebFonts(): ReadonlyMap<string, ServedFile> {
  const packageDir = dirname(createRequire(import.meta.url).resolve('@fontsource/source-sans-pro/package.json'));
  const file = (bytes: Buffer, type: string): ServedFile => ({
    bytes,
    type,
    etag: `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 27)}"`,
  });
  const files = new Map<string, ServedFile>(
    SUBSETS.map((subset) => [
      `SourceSansPro-Regular.${subset}.woff2`,
      file(readFileSync(join(packageDir, 'files', `source-sans-pro-${subset}-400-normal.woff2`)), 'font/woff2'),
    ]),
  );
  files.set(WEB_FONTS_LICENCE, file(readFileSync(join(packageDir, 'LICENSE')), 'text/plain; charset=utf-8'));
  return files;
}

/**
 * Serves the web fonts of alf.io's public frontend under /resources/font/{name}: only the names above (anything
 * else, and any path, is 404: the name is looked up, never joined to a folder), a year of immutable caching,
 * open to every origin (a frontend on another origin loads them through CORS) and with a strong ETag.
 */
export function serveWebFonts(fastify: FastifyInstance): void {
  const files = loadWebFonts();
  fastify.get(`${WEB_FONTS_PREFIX}:name`, async (request: FastifyRequest<{ Params: { name: string } }>, reply: FastifyReply) => {
    const file = files.get(request.params.name);
    if (!file) return reply.callNotFound();
    reply.header('Cache-Control', FONT_CACHE).header('Access-Control-Allow-Origin', '*').header('ETag', file.etag);
    const ifNoneMatch = request.headers['if-none-match'];
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === file.etag)) return reply.code(304).send();
    return reply.type(file.type).send(file.bytes);
  });
}
