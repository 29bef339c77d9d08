import { ESLint } from 'eslint';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Each dependency rule between the Nx projects (tools/lint/module-boundaries.js) is proven to fire: every
 * fixture under tools/lint-fixtures/boundaries is linted as if it were the file its first line names (a file
 * of a real project, so the real project.json tags and tsconfig entry points decide) and must be rejected by
 * the rule; the fixtures under allowed/ must pass it.
 */
const fixtures = 'tools/lint-fixtures/boundaries';

async function boundaryErrors(file: string): Promise<string[]> {
  const source = readFileSync(join(fixtures, file), 'utf8');
  const lintAs = /^\/\/ lint as: (\S+)/.exec(source)?.[1];
  if (!lintAs) throw new Error(`${file} does not say which file it is linted as`);
  const eslint = new ESLint({ cwd: process.cwd(), ignore: false });
  const [result] = await eslint.lintText(source, { filePath: lintAs });
  return result!.messages.filter((m) => m.ruleId === 'boundaries/enforce').map((m) => m.message);
}

describe('module boundaries lint rule', () => {
  const violating = readdirSync(fixtures).filter((f) => /\.tsx?$/.test(f));
  const allowed = readdirSync(join(fixtures, 'allowed'));

  it('has a fixture for every rule', () => {
    expect(violating.length).toBeGreaterThanOrEqual(18);
  });

  it.each(violating)('rejects %s', async (file) => {
    expect(await boundaryErrors(file)).toHaveLength(1);
  });

  it.each(allowed)('accepts allowed/%s', async (file) => {
    expect(await boundaryErrors(join('allowed', file))).toEqual([]);
  });

  it('says why an application import is refused, whatever the path', async () => {
    const [message] = await boundaryErrors('lib-imports-app.ts');
    expect(message).toContain('no project imports an application');
  });
});
