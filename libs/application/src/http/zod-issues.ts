import type { z } from 'zod';
import { positionalArguments, type ErrorDescriptor } from '@ticketing/wire';

/** `tickets.<uuid>.firstName` -> `tickets[<uuid>].firstName`: the bean path the wire format and clients use. */
export function beanPath(path: readonly PropertyKey[], root: string): string {
  if (path.length === 0) return root;
  return path
    .map((segment, i) => {
      const text = String(segment);
      if (i === 0) return text;
      const previousIsContainer = typeof path[i - 1] === 'string';
      return typeof segment === 'number' || (previousIsContainer && /^[0-9a-f-]{36}$/i.test(text)) ? `[${text}]` : `.${text}`;
    })
    .join('');
}

const isMissingValue = (issue: z.core.$ZodIssue) => issue.code === 'invalid_type' && /received (undefined|null)$/.test(issue.message);

/** One stable code per kind of failure, with the limit as argument 0 where there is one. */
function codeOf(issue: z.core.$ZodIssue): { code: string; args: unknown[] } {
  switch (issue.code) {
    case 'invalid_type':
      // zod 4 leaves `input` out of issues unless asked; its message still names what was received
      return issue.input === undefined && !/received (undefined|null)$/.test(issue.message)
        ? { code: 'error.invalidFormat', args: [] }
        : issue.input === undefined || issue.input === null
          ? { code: 'error.emptyField', args: [] }
          : { code: 'error.invalidFormat', args: [] };
    case 'too_big':
      return { code: 'error.tooLong', args: [Number(issue.maximum)] };
    case 'too_small':
      return Number(issue.minimum) <= 1 && issue.origin === 'string' ? { code: 'error.emptyField', args: [] } : { code: 'error.tooShort', args: [Number(issue.minimum)] };
    case 'invalid_value':
      return { code: 'error.restrictedValue', args: [] };
    case 'invalid_format':
      return { code: issue.format === 'email' ? 'error.STEP_2_INVALID_EMAIL' : 'error.invalidFormat', args: [] };
    case 'unrecognized_keys':
      return { code: 'error.invalidFormat', args: [] };
    case 'invalid_union':
      // a value that can be written in several ways (wireInteger: a number or its digits) and was none of them:
      // missing when every way found nothing there, as a field of one way says it
      return issue.errors.length > 0 && issue.errors.every((branch) => branch.some(isMissingValue))
        ? { code: 'error.emptyField', args: [] }
        : { code: 'error.invalidFormat', args: [] };
    default:
      // custom refinements carry their own stable code as message
      return { code: issue.message.startsWith('error.') ? issue.message : 'error.invalidFormat', args: [] };
  }
}

export function descriptorsOf(issues: readonly z.core.$ZodIssue[], root: string): ErrorDescriptor[] {
  return issues.map((issue) => {
    const { code, args } = codeOf(issue);
    return { fieldName: beanPath(issue.path, root), code, arguments: positionalArguments(args) };
  });
}
