/** The value without surrounding blanks, or null when nothing is left (alf.io's `trimToNull`). */
export function trimToNull(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

export function isBlank(value: string | null | undefined): boolean {
  return trimToNull(value) === null;
}

/** Length in characters as a person counts them (code points, not UTF-16 units). */
export function lengthOf(value: string): number {
  return [...value].length;
}
