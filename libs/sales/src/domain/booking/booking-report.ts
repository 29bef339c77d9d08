import { BOOKING_FORM, type FieldError } from './booking-errors.js';

/** What the rules found, in the order they found it: errors stop the booking, warnings ask for a confirmation. */
export class BookingReport {
  readonly errors: FieldError[] = [];
  readonly warnings: FieldError[] = [];

  reject(field: string, code: string, args: readonly unknown[] = []): void {
    this.errors.push({ field, code, args });
  }

  /** A global error of the form, reported once however many parts of the form led to it. */
  rejectForm(code: string): void {
    if (!this.errors.some((e) => e.field === BOOKING_FORM && e.code === code)) this.reject(BOOKING_FORM, code);
  }

  warn(field: string, code: string, args: readonly unknown[] = []): void {
    this.warnings.push({ field, code, args });
  }

  hasErrorOn(field: string): boolean {
    return this.errors.some((e) => e.field === field);
  }

  /** A bookmark: `errorsSince(mark)` are the errors added after it. */
  mark(): number {
    return this.errors.length;
  }

  errorsSince(mark: number): readonly FieldError[] {
    return this.errors.slice(mark);
  }
}
