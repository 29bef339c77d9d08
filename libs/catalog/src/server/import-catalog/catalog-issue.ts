import { catalogErrors } from '@ticketing/catalog/domain';

/** One problem of a catalog document, named by its path in the document (`events[2].categories[0].price`). */
export interface CatalogIssue {
  readonly path: string;
  /** Stable code (`error.catalog.*`): for tools and the API's `validationErrors`. */
  readonly code: string;
  /** English text for people reading the CLI output. */
  readonly message: string;
  readonly args: readonly unknown[];
}

const messages: Record<string, (args: readonly unknown[]) => string> = {
  [catalogErrors.required]: () => 'is required',
  [catalogErrors.invalidValue]: () => 'is not a valid value here',
  [catalogErrors.invalidSlug]: () => 'must be letters, digits and dashes',
  [catalogErrors.invalidEmail]: () => 'must be an e-mail address',
  [catalogErrors.invalidUrl]: () => 'must be an http(s) URL',
  [catalogErrors.invalidDateTime]: () => 'must be a local date-time like 2030-05-10T09:00',
  [catalogErrors.invalidTimeZone]: () => 'must be an IANA time zone like Europe/Zurich',
  [catalogErrors.invalidCurrency]: () => 'must be an ISO 4217 code like CHF',
  [catalogErrors.invalidLanguage]: () => 'must be a language code like en',
  [catalogErrors.invalidFileId]: () => 'must be a sha256 hex digest',
  [catalogErrors.endBeforeStart]: ([start]) => `must be after the start (${String(start)})`,
  [catalogErrors.negative]: () => 'must be >= 0',
  [catalogErrors.belowOne]: () => 'must be >= 1',
  [catalogErrors.notInteger]: () => 'must be a whole number (money in minor units)',
  [catalogErrors.percentageOutOfRange]: ([min, max]) => `must be between ${String(min)} and ${String(max)}`,
  [catalogErrors.tooManyDecimals]: ([n]) => `must have at most ${String(n)} decimals`,
  [catalogErrors.missingTranslation]: ([language]) => `is missing in content language ${String(language)}`,
  [catalogErrors.languageNotOffered]: ([languages]) => `is in a language that is not a content language (${String(languages)})`,
  [catalogErrors.duplicateKey]: ([key]) => `"${String(key)}" is used twice`,
  [catalogErrors.unknownCategory]: ([key]) => `names an unknown category "${String(key)}"`,
  [catalogErrors.unknownCapacity]: ([key]) => `names an unknown capacity "${String(key)}"`,
  [catalogErrors.currencyMismatch]: ([expected]) => `must be the event's currency ${String(expected)}`,
  [catalogErrors.minAboveMax]: ([max, name = 'maxPrice']) => `must not exceed ${String(name)} (${String(max)})`,
  [catalogErrors.noPaymentMethod]: () => 'must list a payment method: something is paid',
  [catalogErrors.supplementPolicyRequired]: () => 'is required for a supplement',
  [catalogErrors.percentageRequired]: () => 'is required for a percentage policy',
  [catalogErrors.percentageNotAllowed]: ([other]) => `must be null with ${String(other)}`,
  [catalogErrors.vatPercentageRequired]: ([type]) => `is required with ${String(type)}`,
  [catalogErrors.discountTypeNotAllowed]: ([type]) => `NONE is not allowed for a ${String(type)} code`,
  [catalogErrors.accessCodeWithoutCategory]: () => 'an ACCESS code must list the categories it reveals',
  [catalogErrors.restrictedValuesRequired]: ([type]) => `must list the values to choose from for a ${String(type)} field`,
  [catalogErrors.restrictedValuesNotAllowed]: ([type]) => `must be empty for a ${String(type)} field`,
  [catalogErrors.unknownValue]: ([value]) => `"${String(value)}" is not one of the restrictedValues`,
  [catalogErrors.unknownAdditionalService]: ([key]) => `names an unknown additional service "${String(key)}"`,
  [catalogErrors.notASupplement]: ([key]) => `"${String(key)}" is a donation: only a SUPPLEMENT can ask attendee fields`,
  [catalogErrors.validityUnitsRequired]: () => 'STANDARD validity needs validityUnits and validityTimeUnit',
  [catalogErrors.validityDatesRequired]: () => 'CUSTOM validity needs validFrom and validTo',
  [catalogErrors.locationRequired]: ([format]) => `is required for a ${String(format)} event`,
  [catalogErrors.ownedByAnotherOrganizer]: ([owner]) => `already belongs to organizer ${String(owner)}`,
  [catalogErrors.pollNumberRetired]: ([id]) => `poll ${String(id)} was removed and keeps its answers: give a new poll a new number`,
  [catalogErrors.unsupportedContentType]: ([types]) => `must be one of ${String(types)}`,
  [catalogErrors.fileTooLarge]: ([max]) => `must be at most ${String(max)} bytes`,
  [catalogErrors.unknownOrganizer]: ([slug]) => `names an organizer "${String(slug)}" that is neither in the file nor imported`,
  [catalogErrors.unknownEvent]: ([name]) => `names an event "${String(name)}" that is neither in the file nor imported`,
  [catalogErrors.unreadableFile]: ([reason]) => `cannot be read: ${String(reason)}`,
  [catalogErrors.appendFailed]: ([stream, reason]) => `appending to ${String(stream)} failed: ${String(reason)}`,
  [catalogErrors.forbiddenOrganizer]: ([slug]) => `belongs to organizer "${String(slug)}", which this key may not import`,
};

export function catalogIssue(path: string, code: string, args: readonly unknown[] = [], message?: string): CatalogIssue {
  return { path, code, args, message: message ?? messages[code]?.(args) ?? code };
}

/** `events[2].categories[0].price: must be >= 0 (error.catalog.negative)`. */
export function formatIssue(issue: CatalogIssue): string {
  return `${issue.path || '(document)'}: ${issue.message} (${issue.code})`;
}
