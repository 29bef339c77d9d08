import type { EventDetails, Poll } from '@ticketing/catalog/contracts';
import { catalogErrors } from '../shared/catalog-violation.js';
import type { Rules } from '../shared/rules.js';

const STATUSES: ReadonlySet<string> = new Set(['DRAFT', 'OPEN', 'CLOSED']);

/** Polls and their options are named by the organizer's numbers: unique ones, texts in every content language. */
export function validatePolls(rules: Rules, event: EventDetails, polls: readonly Poll[]): void {
  rules.unique(polls, (p) => String(p.id), (i) => `polls[${i}].id`);
  polls.forEach((poll, i) => {
    const f = (name: string) => `polls[${i}].${name}`;
    rules.check(Number.isSafeInteger(poll.id) && poll.id >= 1, catalogErrors.belowOne, f('id'));
    rules.check(STATUSES.has(poll.status), catalogErrors.invalidValue, f('status'), [...STATUSES]);
    rules.check(Number.isInteger(poll.order), catalogErrors.notInteger, f('order'));
    rules.localized(poll.title, event.contentLanguages, f('title'), true);
    rules.localized(poll.description, event.contentLanguages, f('description'), false);
    poll.allowedTags.forEach((tag, j) => rules.nonEmpty(tag, `${f('allowedTags')}[${j}]`));
    // a poll open with nothing to choose could never be answered
    if (poll.status !== 'DRAFT') rules.check(poll.options.length > 0, catalogErrors.required, f('options'));
    rules.unique(poll.options, (o) => String(o.id), (j) => `${f('options')}[${j}].id`);
    poll.options.forEach((option, j) => {
      const o = (name: string) => `${f('options')}[${j}].${name}`;
      rules.check(Number.isSafeInteger(option.id) && option.id >= 1, catalogErrors.belowOne, o('id'));
      rules.localized(option.title, event.contentLanguages, o('title'), true);
      rules.localized(option.description, event.contentLanguages, o('description'), false);
    });
  });
}
