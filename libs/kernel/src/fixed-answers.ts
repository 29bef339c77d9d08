/** Answers to extra fields, by field name (one value for most types, several for a checkbox group). */
export type FieldAnswers = Readonly<Record<string, readonly string[]>>;

/**
 * The answers to record when they are changed after purchase (spec 4, field locking: "a filled extra field on an
 * acquired ticket is read-only unless the field is editable"): those sent, except that each field of `fixed` (not
 * `editable` in the catalog) with a stored answer keeps it, whatever was sent for it, blank or nothing included.
 * A fixed field never answered may still be answered.
 */
export function keepFixedAnswers(stored: FieldAnswers | null | undefined, sent: FieldAnswers, fixed: readonly string[]): FieldAnswers {
  const kept = fixed.flatMap((name) => {
    const answer = stored?.[name];
    return answer && answer.length > 0 ? [[name, answer] as const] : [];
  });
  return kept.length === 0 ? sent : { ...sent, ...Object.fromEntries(kept) };
}
