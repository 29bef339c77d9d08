const TOKEN = /%%|%0([1-9]\d?)d|%d/g;

/**
 * The invoice number printed for an organizer's `sequence`-th invoice: its pattern (printf-style as alf.io's
 * INVOICE_NUMBER_PATTERN, checked by the catalog: one `%d` or zero-padded `%0Nd`, `%%` for a percent sign)
 * with the number in place, `INV-%06d` -> INV-000042; the plain number without a pattern. A pattern with no
 * place for the number would print the same text for every invoice: the plain number then too.
 */
export function formatInvoiceNumber(pattern: string | null, sequence: number): string {
  if (pattern === null || ![...pattern.matchAll(TOKEN)].some(([token]) => token !== '%%')) return String(sequence);
  let placed = false;
  return pattern.replace(TOKEN, (token, width: string | undefined) => {
    if (token === '%%') return '%';
    if (placed) return token;
    placed = true;
    return width ? String(sequence).padStart(Number(width), '0') : String(sequence);
  });
}
