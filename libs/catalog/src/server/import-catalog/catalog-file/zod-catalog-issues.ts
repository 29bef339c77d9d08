import type { z } from 'zod';
import { catalogErrors } from '@ticketing/catalog/domain';
import { catalogIssue, type CatalogIssue } from '../catalog-issue.js';

/** `['events', 2, 'categories', 0, 'price']` -> `events[2].categories[0].price`. */
export function documentPath(path: readonly PropertyKey[]): string {
  return path.map((segment, i) => (typeof segment === 'number' ? `[${segment}]` : `${i === 0 ? '' : '.'}${String(segment)}`)).join('');
}

function toIssue(issue: z.core.$ZodIssue): CatalogIssue {
  const path = documentPath(issue.path);
  switch (issue.code) {
    case 'invalid_type':
      return /received undefined$/.test(issue.message)
        ? catalogIssue(path, catalogErrors.required, [])
        : catalogIssue(path, catalogErrors.invalidValue, [issue.expected], `must be ${issue.expected === 'int' ? 'a whole number' : `a ${issue.expected}`}`);
    case 'too_small': {
      const min = Number(issue.minimum);
      if (issue.origin === 'number' || issue.origin === 'int') {
        const code = min === 0 ? catalogErrors.negative : min === 1 ? catalogErrors.belowOne : catalogErrors.invalidValue;
        return catalogIssue(path, code, [min], `must be >= ${min}`);
      }
      return catalogIssue(path, catalogErrors.required, [min], issue.origin === 'array' ? `must list at least ${min}` : 'must not be empty');
    }
    case 'too_big':
      return catalogIssue(path, catalogErrors.invalidValue, [Number(issue.maximum)], `must be <= ${String(issue.maximum)}`);
    case 'invalid_value':
      return catalogIssue(path, catalogErrors.invalidValue, issue.values, `must be one of ${issue.values.map(String).join(', ')}`);
    case 'invalid_format':
      return catalogIssue(path, catalogErrors.invalidValue, [issue.format], issue.message);
    case 'unrecognized_keys':
      // One issue per unknown field, so a typo is named where it is.
      return catalogIssue(documentPath([...issue.path, issue.keys[0] ?? '']), catalogErrors.invalidValue, issue.keys, `unknown field(s) ${issue.keys.join(', ')}`);
    case 'invalid_key':
      return catalogIssue(path, catalogErrors.invalidLanguage, [], 'has an invalid key');
    default:
      return catalogIssue(path, catalogErrors.invalidValue, [], issue.message);
  }
}

/**
 * A value that fits none of the forms a field accepts (`compatibleEvents`: a short name or `{ event, categories }`):
 * when it is of the type of one form only (an object), that form's own problems, where they are; else one issue.
 */
function unionIssues(issue: z.core.$ZodIssueInvalidUnion): CatalogIssue[] {
  const sameType = issue.errors.filter((branch) => !branch.some((i) => i.code === 'invalid_type' && i.path.length === 0));
  if (sameType.length === 1) return sameType[0]!.flatMap((i) => toIssues({ ...i, path: [...issue.path, ...i.path] }));
  return [catalogIssue(documentPath(issue.path), catalogErrors.invalidValue, [], 'is none of the forms accepted here')];
}

function toIssues(issue: z.core.$ZodIssue): CatalogIssue[] {
  return issue.code === 'invalid_union' ? unionIssues(issue) : [toIssue(issue)];
}

export function catalogIssuesOf(error: z.ZodError): CatalogIssue[] {
  return error.issues.flatMap(toIssues);
}
