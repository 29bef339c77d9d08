import { RuleViolations, type Decider, type RuleViolation } from '@ticketing/kernel';
import type { WaitingListEvent, WaitingListJoined, WaitingListReason } from './waiting-list.events.js';
import { emailKey, evolveWaitingList, initialWaitingListState, type WaitingListState } from './waiting-list.js';

/** What the event's page says about its waiting list right now (the catalog's ticket-categories view). */
export interface WaitingListTerms {
  /** Why the list takes entries now, or null when it takes none (list disabled, not sold out, no pre-sales). */
  readonly open: WaitingListReason | null;
  /** The categories offered for the waiting list (`ticketCategoriesForWaitingList`). */
  readonly categoryIds: readonly number[];
  readonly contentLanguages: readonly string[];
  /** The event has a privacy policy, so accepting it is required. */
  readonly privacyPolicyRequired: boolean;
}

/** `WaitingQueueSubscriptionForm` as sent (absent fields null). */
export interface WaitingListForm {
  readonly firstName: string | null;
  readonly lastName: string | null;
  readonly email: string | null;
  readonly userLanguage: string | null;
  readonly termAndConditionsAccepted: boolean;
  readonly privacyPolicyAccepted: boolean;
  readonly selectedCategory: number | null;
}

/** `POST /event/{e}/waiting-list/subscribe`, with the ids the edge made and the event's terms. */
export interface SubscribeToWaitingList {
  readonly subscriberId: string;
  /** A subject of its own per subscriber: erasing one never touches another's data. */
  readonly subjectId: string;
  readonly eventShortName: string;
  readonly form: WaitingListForm;
  readonly terms: WaitingListTerms;
  /** The signed-in person who asks, null when anonymous. */
  readonly ownerUserId: string | null;
}

/** The reference's codes (3.2, item 13), one field each; `lastname.fullname` (sic) is alf.io's. */
export const waitingListErrors = {
  terms: 'error.STEP_2_TERMS_CONDITIONS',
  firstName: 'error.firstname',
  lastNameEmpty: 'lastname.fullname',
  lastName: 'error.lastname',
  email: 'error.email',
  userLanguage: 'error.userLanguage',
  category: 'error.restrictedValue',
} as const;

export const MAX_FIELD_LENGTH = 255;
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

const blank = (value: string | null): value is null => value === null || value.trim() === '';
const unfit = (value: string) => value.trim().length > MAX_FIELD_LENGTH || CONTROL.test(value);

/** The content language the subscriber asked for (`it`, `IT`, `it-CH` -> `it`), or null. */
export function contentLanguageOf(userLanguage: string | null, contentLanguages: readonly string[]): string | null {
  if (blank(userLanguage)) return null;
  const wanted = userLanguage.trim().toLowerCase().replace('_', '-');
  const primary = wanted.split('-')[0];
  return contentLanguages.find((l) => l.toLowerCase() === wanted) ?? contentLanguages.find((l) => l.toLowerCase() === primary) ?? null;
}

function violationsOf({ form, terms }: SubscribeToWaitingList): RuleViolation[] {
  const violations: RuleViolation[] = [];
  const add = (field: string, code: string) => violations.push({ field, code, args: [] });
  if (!form.termAndConditionsAccepted) add('termAndConditionsAccepted', waitingListErrors.terms);
  if (terms.privacyPolicyRequired && !form.privacyPolicyAccepted) add('privacyPolicyAccepted', waitingListErrors.terms);
  if (blank(form.firstName) || unfit(form.firstName)) add('firstName', waitingListErrors.firstName);
  if (blank(form.lastName)) add('lastName', waitingListErrors.lastNameEmpty);
  else if (unfit(form.lastName)) add('lastName', waitingListErrors.lastName);
  if (blank(form.email) || unfit(form.email) || !EMAIL.test(form.email.trim())) add('email', waitingListErrors.email);
  if (contentLanguageOf(form.userLanguage, terms.contentLanguages) === null) add('userLanguage', waitingListErrors.userLanguage);
  // the category is a choice only among several; with one (or none) there is nothing to get wrong
  if (terms.categoryIds.length > 1 && form.selectedCategory !== null && !terms.categoryIds.includes(form.selectedCategory)) {
    add('selectedCategory', waitingListErrors.category);
  }
  return violations;
}

function categoryOf({ form, terms }: SubscribeToWaitingList): number | null {
  if (terms.categoryIds.length === 1) return terms.categoryIds[0]!;
  if (terms.categoryIds.length === 0) return null;
  return form.selectedCategory;
}

/**
 * Checks the form (every problem at once, 422) and adds the subscriber. Nothing is decided, and the call
 * answers false, when the list takes no entries now or the e-mail already waits for the same category.
 */
export function decideSubscribeToWaitingList(command: SubscribeToWaitingList, state: WaitingListState): WaitingListJoined[] {
  const violations = violationsOf(command);
  if (violations.length > 0) throw new RuleViolations(violations);
  const { form, terms } = command;
  if (terms.open === null) return [];

  const email = form.email!.trim();
  const categoryId = categoryOf(command);
  const taken = state.subscribers.some((s) => s.contact !== null && emailKey(s.contact.email) === emailKey(email) && s.categoryId === categoryId);
  if (taken) return [];

  return [
    {
      type: 'WaitingListJoined',
      data: {
        subscriberId: command.subscriberId,
        eventShortName: command.eventShortName,
        categoryId,
        language: contentLanguageOf(form.userLanguage, terms.contentLanguages)!,
        reason: terms.open,
        subjectId: command.subjectId,
        contact: { firstName: form.firstName!.trim(), lastName: form.lastName!.trim(), email },
        ownerUserId: command.ownerUserId,
      },
    },
  ];
}

export const subscribeToWaitingListDecider: Decider<WaitingListState, SubscribeToWaitingList, WaitingListEvent> = {
  initialState: initialWaitingListState,
  evolve: evolveWaitingList,
  decide: decideSubscribeToWaitingList,
};
