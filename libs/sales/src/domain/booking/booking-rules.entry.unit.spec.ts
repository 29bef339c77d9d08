import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import tsconfig from '../../../../../tsconfig.base.json' with { type: 'json' };

/**
 * `@ticketing/sales/booking-rules` is what the storefront bundles: everything reachable from it must be pure
 * domain code of this context, or the kernel. The lint rules already keep framework and I/O imports out of
 * domain folders; this also keeps out other contexts (the catalog's types once came in this way) and anything
 * outside libs/sales/src/domain and libs/kernel/src, following type-only imports and re-exports too.
 */
const root = fileURLToPath(new URL('../../../../../', import.meta.url));
const ENTRY = 'libs/sales/src/domain/booking/index.ts';
const ALLOWED_DIRS = ['libs/sales/src/domain/', 'libs/kernel/src/'];
const paths: Record<string, readonly string[]> = tsconfig.compilerOptions.paths;

type Read = (file: string) => string | undefined;
const readFromDisk: Read = (file) => (existsSync(join(root, file)) ? readFileSync(join(root, file), 'utf8') : undefined);

/** The repository-relative file an import names, or undefined when it names a package. */
function resolveImport(from: string, specifier: string): string | undefined {
  const target = specifier.startsWith('.') ? relative(root, resolve(root, dirname(from), specifier)) : paths[specifier]?.[0];
  return target?.replace(/\.js$/, '.ts');
}

/** Every file reachable from `entry` and every import that leaves the allowed folders (`file -> specifier`). */
function walk(entry: string, read: Read): { files: string[]; violations: string[] } {
  const seen = new Set<string>();
  const violations: string[] = [];
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = read(file);
    if (source === undefined) {
      violations.push(`${file}: not found`);
      continue;
    }
    for (const { fileName: specifier } of ts.preProcessFile(source, true, true).importedFiles) {
      const target = resolveImport(file, specifier);
      if (target === undefined || !ALLOWED_DIRS.some((dir) => target.startsWith(dir))) violations.push(`${file} -> ${specifier}`);
      else queue.push(target);
    }
  }
  return { files: [...seen].sort(), violations };
}

describe('the booking rules entry point', () => {
  it('is the alias the storefront and the server resolve', () => {
    expect(paths['@ticketing/sales/booking-rules']).toEqual([ENTRY]);
  });

  it('reaches only pure domain code of the sales context and the kernel', () => {
    const { files, violations } = walk(ENTRY, readFromDisk);
    expect(violations).toEqual([]);
    expect(files).toContain('libs/sales/src/domain/booking/validate-booking.ts');
    expect(files.every((f) => !f.includes('.spec.') && !f.includes('.fixtures.'))).toBe(true);
  });

  it('fails on an import from another context, even a type-only one two files away', () => {
    const files: Record<string, string> = {
      [ENTRY]: "export { validateBooking } from './validate-booking.js';",
      'libs/sales/src/domain/booking/validate-booking.ts': "import type { X } from './question.js';\nexport const validateBooking = 1;",
      'libs/sales/src/domain/booking/question.ts': "import type { AttendeeField } from '@ticketing/catalog';\nimport { z } from 'zod';",
    };
    expect(walk(ENTRY, (f) => files[f]).violations).toEqual([
      'libs/sales/src/domain/booking/question.ts -> @ticketing/catalog',
      'libs/sales/src/domain/booking/question.ts -> zod',
    ]);
  });
});
