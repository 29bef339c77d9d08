import { RuleViolations, type RuleViolation } from '@ticketing/kernel';

/** One broken rule of a catalog command: a stable code, the path of the field inside the command, arguments. */
export type CatalogViolation = RuleViolation;

/**
 * A catalog command refused, with every violation: an organizer fixes a file in one pass, not one error per run.
 * `field` is a path inside the command's data (`categories[0].price`); the import prefixes its own path.
 */
export class CatalogRejected extends RuleViolations {
  constructor(violations: readonly CatalogViolation[]) {
    super(violations);
    this.name = 'CatalogRejected';
  }
}

export function rejectIfAny(violations: readonly CatalogViolation[]): void {
  if (violations.length > 0) throw new CatalogRejected(violations);
}

/** Stable codes: they reach organizers' tools and tests; never rename one. */
export const catalogErrors = {
  required: 'error.catalog.required',
  invalidValue: 'error.catalog.invalidValue',
  invalidSlug: 'error.catalog.invalidSlug',
  invalidEmail: 'error.catalog.invalidEmail',
  invalidUrl: 'error.catalog.invalidUrl',
  invalidDateTime: 'error.catalog.invalidDateTime',
  invalidTimeZone: 'error.catalog.invalidTimeZone',
  invalidCurrency: 'error.catalog.invalidCurrency',
  invalidLanguage: 'error.catalog.invalidLanguage',
  invalidFileId: 'error.catalog.invalidFileId',
  endBeforeStart: 'error.catalog.endBeforeStart',
  negative: 'error.catalog.negative',
  belowOne: 'error.catalog.belowOne',
  notInteger: 'error.catalog.notInteger',
  percentageOutOfRange: 'error.catalog.percentageOutOfRange',
  tooManyDecimals: 'error.catalog.tooManyDecimals',
  missingTranslation: 'error.catalog.missingTranslation',
  languageNotOffered: 'error.catalog.languageNotOffered',
  duplicateKey: 'error.catalog.duplicateKey',
  unknownCategory: 'error.catalog.unknownCategory',
  unknownCapacity: 'error.catalog.unknownCapacity',
  currencyMismatch: 'error.catalog.currencyMismatch',
  minAboveMax: 'error.catalog.minAboveMax',
  noPaymentMethod: 'error.catalog.noPaymentMethod',
  supplementPolicyRequired: 'error.catalog.supplementPolicyRequired',
  percentageRequired: 'error.catalog.percentageRequired',
  percentageNotAllowed: 'error.catalog.percentageNotAllowed',
  vatPercentageRequired: 'error.catalog.vatPercentageRequired',
  discountTypeNotAllowed: 'error.catalog.discountTypeNotAllowed',
  accessCodeWithoutCategory: 'error.catalog.accessCodeWithoutCategory',
  restrictedValuesRequired: 'error.catalog.restrictedValuesRequired',
  restrictedValuesNotAllowed: 'error.catalog.restrictedValuesNotAllowed',
  unknownValue: 'error.catalog.unknownValue',
  unknownAdditionalService: 'error.catalog.unknownAdditionalService',
  notASupplement: 'error.catalog.notASupplement',
  validityUnitsRequired: 'error.catalog.validityUnitsRequired',
  validityDatesRequired: 'error.catalog.validityDatesRequired',
  locationRequired: 'error.catalog.locationRequired',
  ownedByAnotherOrganizer: 'error.catalog.ownedByAnotherOrganizer',
  pollNumberRetired: 'error.catalog.pollNumberRetired',
  unsupportedContentType: 'error.catalog.unsupportedContentType',
  fileTooLarge: 'error.catalog.fileTooLarge',
  unknownOrganizer: 'error.catalog.unknownOrganizer',
  unknownEvent: 'error.catalog.unknownEvent',
  unreadableFile: 'error.catalog.unreadableFile',
  forbiddenOrganizer: 'error.catalog.forbiddenOrganizer',
  appendFailed: 'error.catalog.appendFailed',
} as const;
