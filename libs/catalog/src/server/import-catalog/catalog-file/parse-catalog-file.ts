import { parseDocument } from 'yaml';
import { catalogErrors } from '@ticketing/catalog/domain';
import { catalogIssue, type CatalogIssue } from '../catalog-issue.js';
import { catalogFileSchema, type CatalogFile } from './catalog-file.schema.js';
import { catalogIssuesOf } from './zod-catalog-issues.js';

export type CatalogFormat = 'yaml' | 'json';

export type ParsedCatalog = { readonly ok: true; readonly file: CatalogFile } | { readonly ok: false; readonly issues: readonly CatalogIssue[] };

export function formatOfFileName(name: string): CatalogFormat | undefined {
  if (/\.ya?ml$/i.test(name)) return 'yaml';
  if (/\.json$/i.test(name)) return 'json';
  return undefined;
}

/** Checks a document already parsed (the API's JSON body, or the text below) against the schema. */
export function checkCatalogDocument(document: unknown): ParsedCatalog {
  const result = catalogFileSchema.safeParse(document);
  return result.success ? { ok: true, file: result.data } : { ok: false, issues: catalogIssuesOf(result.error) };
}

/** Parses YAML or JSON text; syntax errors are reported with their line and column. */
export function parseCatalogText(text: string, format: CatalogFormat): ParsedCatalog {
  if (format === 'json') {
    try {
      return checkCatalogDocument(JSON.parse(text) as unknown);
    } catch (error) {
      return { ok: false, issues: [catalogIssue('', catalogErrors.invalidValue, [], `not valid JSON: ${(error as Error).message}`)] };
    }
  }
  // The core schema (YAML 1.2) keeps `2030-05-10T09:00` a string instead of turning it into a Date.
  const document = parseDocument(text, { schema: 'core', prettyErrors: true, uniqueKeys: true });
  if (document.errors.length > 0) {
    return {
      ok: false,
      issues: document.errors.map((e) => {
        const at = e.linePos?.[0];
        return catalogIssue('', catalogErrors.invalidValue, [], `not valid YAML${at ? ` at line ${at.line}, column ${at.col}` : ''}: ${e.message.split('\n')[0]}`);
      }),
    };
  }
  return checkCatalogDocument(document.toJS() ?? {});
}
