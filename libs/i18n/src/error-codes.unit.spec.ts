import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bundles, supportedLanguages } from './index.js';

/**
 * Every message code the spec and the API reference name must have a text. Both documents live in `shared/`
 * beside the clone (CI checks it out there); without them these checks are skipped, saying why.
 */
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const specPath = path.resolve(repoRoot, '../shared/spec/storefront-spec.md');
const referencePath = path.resolve(repoRoot, '../shared/reference/public-api.md');

function section(text: string, start: string, end: string): string {
  const from = text.indexOf(start);
  const to = text.indexOf(end, from + start.length);
  if (from < 0 || to < 0) throw new Error(`section "${start}" not found`);
  return text.slice(from, to);
}

const missingDocs = [specPath, referencePath].filter((file) => !existsSync(file));
if (missingDocs.length > 0) {
  console.warn(`[i18n] skipping the error-code coverage checks: ${missingDocs.join(', ')} not found (shared/ is checked out beside the repository in CI)`);
}

describe.skipIf(missingDocs.length > 0)('error codes of the spec and the API reference', () => {
  const spec = missingDocs.length ? '' : readFileSync(specPath, 'utf8');
  const reference = missingDocs.length ? '' : readFileSync(referencePath, 'utf8');

  function expectKeys(codes: string[]) {
    expect(codes.length).toBeGreaterThan(0);
    for (const lang of supportedLanguages) {
      expect(codes.filter((code) => !bundles[lang][code]), `codes without a ${lang} text`).toEqual([]);
    }
  }

  it('cover every error and warning code the spec names', () => {
    const codes = [...new Set(spec.match(/\b(?:error|warning)\.[A-Za-z0-9_.-]*[A-Za-z0-9_]/g) ?? [])];
    expectKeys(codes);
  });

  it("cover the spec's error catalogue: toasts and messages named by key", () => {
    const catalogue = section(spec, '## 8.', '## 9.');
    const keys = [...new Set(catalogue.match(/\b[a-z][a-z0-9-]*(?:\.[a-z][a-z0-9-]*)+\b/g) ?? [])];
    expect(keys).toContain('my-profile.update.success');
    expectKeys(keys);
  });

  it('cover every message code of reference section 4', () => {
    const codesSection = section(reference, '## 4.', '## 5.');
    const quoted = [...codesSection.matchAll(/`([^`]+)`/g)].map((m) => m[1] as string);
    // error.*, warning.* and the dotted subscription, waiting-list and poll codes; paths and file names excluded
    const codes = [...new Set(quoted.filter((q) => /^[A-Za-z][\w-]*(?:\.[\w-]+)+$/.test(q)))];
    expect(codes).toContain('error.STEP_1_CODE_NOT_FOUND');
    expect(codes).toContain('warning.fiscal-code-name-mismatch');
    expectKeys(codes);
  });

  it('cover the provider-code families of reference section 4 and their listed examples', () => {
    const codesSection = section(reference, '## 4.', '## 5.');
    const families = [...codesSection.matchAll(/`((?:error|warning)\.[\w.]+_)<[^>]+>`/g)].map((m) => m[1] as string);
    expect(families).toEqual(expect.arrayContaining(['error.STEP2_STRIPE_', 'error.STEP_2_PAYPAL_']));
    const allExamples: string[] = [];
    for (const prefix of families) {
      // the examples are the snake_case codes quoted after the family, up to the next quoted code
      const after = codesSection.slice(codesSection.indexOf(`\`${prefix}<`) + prefix.length + 1);
      const next = after.search(/`(?:error|warning)\./);
      const ownText = next < 0 ? after : after.slice(0, next);
      const examples = [...ownText.matchAll(/`([a-z]+(?:_[a-z]+)+)`/g)].map((m) => `${prefix}${m[1]}`);
      allExamples.push(...examples);
      expectKeys([...examples, ...Object.keys(bundles.en).filter((key) => key.startsWith(prefix))]);
    }
    expect(allExamples).toEqual(expect.arrayContaining(['error.STEP2_STRIPE_card_declined', 'error.STEP2_STRIPE_incorrect_cvc']));
  });
});
