import { ESLint } from 'eslint';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Each lint rule that keeps domain code pure is proven to fire: the fixtures under tools/lint-fixtures are
 * linted as if they were domain files (they are ignored by the normal lint run) and must each be rejected.
 */
const fixtures = 'tools/lint-fixtures/libs/sample/src/domain';

async function lintAsDomainFile(file: string) {
  const eslint = new ESLint({ cwd: process.cwd(), ignore: false });
  const source = (await import('node:fs')).readFileSync(join(fixtures, file), 'utf8');
  // Linted under a real domain path so the domain block of eslint.config.js applies exactly as to product code.
  const [result] = await eslint.lintText(source, { filePath: join('libs/sample/src/domain', file) });
  return result!.messages;
}

describe('domain purity lint rules', () => {
  const violating = readdirSync(fixtures).filter((f) => f !== 'allowed.ts');

  it('has a fixture for every rule', () => {
    expect(violating.length).toBeGreaterThanOrEqual(14);
  });

  it.each(violating)('rejects %s', async (file) => {
    const messages = await lintAsDomainFile(file);
    const ruleIds = messages.map((m) => m.ruleId);
    expect(ruleIds.some((r) => r === 'no-restricted-imports' || r === 'no-restricted-globals' || r === 'no-restricted-syntax')).toBe(true);
  });

  it('accepts pure code that imports only the kernel', async () => {
    const messages = await lintAsDomainFile('allowed.ts');
    expect(messages.filter((m) => m.ruleId?.startsWith('no-restricted'))).toEqual([]);
  });

  it('does not apply the domain rules outside domain folders', async () => {
    const eslint = new ESLint({ cwd: process.cwd(), ignore: false });
    const [result] = await eslint.lintText("import pg from 'pg';\nexport const x = pg;\n", { filePath: 'libs/sample/src/server/db.ts' });
    expect(result!.messages.filter((m) => m.ruleId === 'no-restricted-imports')).toEqual([]);
  });
});

describe('response serialization lint rule', () => {
  it("rejects nestjs-zod's ZodResponse outside libs/wire, and accepts the wire one", async () => {
    const eslint = new ESLint({ cwd: process.cwd(), ignore: false });
    const lint = async (source: string) =>
      (await eslint.lintText(source, { filePath: 'libs/sample/src/server/sample.controller.ts' }))[0]!.messages.filter((m) => m.ruleId === 'no-restricted-imports');
    expect(await lint("import { ZodResponse } from 'nestjs-zod';\nexport const x = ZodResponse;\n")).toHaveLength(1);
    expect(await lint("import { ZodResponse } from '@ticketing/wire';\nimport { createZodDto } from 'nestjs-zod';\nexport const x = [ZodResponse, createZodDto];\n")).toEqual([]);
  });
});

