// The booking step (spec 2, step 2): presentational building blocks, and the form checked by the server's own rules
// (@ticketing/sales/booking-rules). The route wires them to the reservation queries; nothing here calls the API.
export { StepIndicator, WIZARD_STEPS } from './components/step-indicator';
export type { StepIndicatorProps, WizardStep } from './components/step-indicator';
export { ValidityCountdown } from './components/validity-countdown';
export type { ValidityCountdownProps } from './components/validity-countdown';
export { ContactSection } from './components/contact-section';
export { LoginSuggestion } from './components/login-suggestion';
export type { ContactSectionProps } from './components/contact-section';
export { InvoiceSection } from './components/invoice-section';
export type { InvoiceSectionProps } from './components/invoice-section';
export { CountryField } from './components/country-field';
export type { Country, CountryFieldProps } from './components/country-field';
export { AttendeeForm } from './components/attendee-form';
export type { AttendeeFormProps } from './components/attendee-form';
export { AdditionalFieldInput } from './components/additional-field-input';
export type { AdditionalFieldInputProps } from './components/additional-field-input';
export { CopyContactButton } from './components/copy-contact-button';
export type { CopyContactButtonProps } from './components/copy-contact-button';
export { ErrorSummary } from './components/error-summary';
export { TextField } from './components/text-field';
export { SupplementItemForm } from './components/supplement-item-form';
export type { SupplementItemFormProps } from './components/supplement-item-form';
export { CheckboxField } from './components/checkbox-field';

export type { AdditionalField, AdditionalFieldDescription, AdditionalFieldType, BookedAdditionalService, BookingTicket } from './model/additional-field';
export { ADDITIONAL_FIELD_TYPES, describeField } from './model/additional-field';
export type {
  AdditionalServiceLinkValues,
  AdditionalValues,
  BookingFormPatch,
  BookingFormValues,
  InvoiceMode,
  InvoiceSettings,
  ItalianReferenceType,
  SubscriptionOwnerValues,
  TicketFormValues,
} from './model/booking-form-values';
export {
  bookingFormForSubmit,
  contactAsAttendee,
  copyContactOffered,
  emptyBookingForm,
  invoiceFormShown,
  invoiceModeOf,
  ITALIAN_REFERENCE_TYPES,
  italianReferenceTypePatch,
  postponeAssignmentOffered,
  ticketFormValuesOf,
} from './model/booking-form-values';
export { validateBookingForm } from './model/validate-booking-form';
export { bookingContextOf } from './model/booking-context';
export type { BookingContextSource } from './model/booking-context';
export { mapServerErrors } from './model/server-errors';
export type { MappedErrors, ServerValidationError } from './model/server-errors';
export {
  dottedFieldName,
  fieldDomId,
  fieldKey,
  serviceAdditionalFieldName,
  subscriptionOwnerAdditionalFieldName,
  subscriptionOwnerFieldName,
  ticketAdditionalFieldName,
  ticketFieldName,
} from './model/field-names';
export type { BookingErrors, FieldError } from './model/field-names';
export { attendeeEmailReadOnly, attendeeReadOnly, extraFieldReadOnly } from './model/field-locking';
export { countdownLevel, DANGER_BELOW_MS, EXPIRED_BELOW_MS, WARNING_BELOW_MS } from './model/countdown';
export { clearFieldErrorOn, focusFirstInvalidField, useFocusFirstInvalid, withoutFieldError } from './hooks/focus-first-invalid';
