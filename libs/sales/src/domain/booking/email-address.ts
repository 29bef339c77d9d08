/**
 * E-mail checks of the booking step. An address is accepted when it has a local part and a domain, both
 * starting with a letter or digit (alf.io's `isEmailValid`: `user@localhost` passes); it is canonical when its
 * domain ends with a top-level domain of two letters or more. A valid but non-canonical address, or one whose
 * domain is one typo away from a common mail provider, earns a warning, not an error.
 */
const VALID = /^[\p{L}\p{N}][^\s@]*@[\p{L}\p{N}]\S*$/u;
const CANONICAL = /^[\p{L}\p{N}][^\s@]*@[\p{L}\p{N}][^\s@]*\.\p{L}{2,}$/u;

export function isValidEmail(email: string): boolean {
  return email !== '' && !email.trim().endsWith('.') && VALID.test(email);
}

export function isCanonicalEmail(email: string): boolean {
  return CANONICAL.test(email);
}

/** Domains people mistype most; a domain listed here is never a typo itself. */
const COMMON_DOMAINS = [
  'gmail.com', 'googlemail.com', 'yahoo.com', 'yahoo.it', 'yahoo.fr', 'yahoo.de', 'ymail.com', 'hotmail.com',
  'hotmail.it', 'hotmail.fr', 'hotmail.de', 'outlook.com', 'live.com', 'msn.com', 'icloud.com', 'me.com', 'mac.com',
  'aol.com', 'gmx.de', 'gmx.ch', 'gmx.net', 'gmx.com', 'web.de', 't-online.de', 'bluewin.ch', 'libero.it',
  'virgilio.it', 'alice.it', 'tiscali.it', 'orange.fr', 'free.fr', 'laposte.net', 'proton.me', 'protonmail.com',
  'mail.com', 'email.com', 'sunrise.ch', 'hispeed.ch',
];
const common = new Set(COMMON_DOMAINS);

/** Optimal-string-alignment distance: insertions, deletions, substitutions and swaps of neighbours. */
function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/** `gmial.com`, `gmail.con`, `hotmal.com`: one typo away from a common provider, and not one itself. */
export function isLikelyMisspelledDomain(domain: string): boolean {
  const lower = domain.toLowerCase();
  if (common.has(lower)) return false;
  return COMMON_DOMAINS.some((known) => editDistance(lower, known) === 1);
}

/** A valid address that is probably not what the buyer meant: no top-level domain, or a misspelled provider. */
export function looksMistyped(email: string): boolean {
  if (!isCanonicalEmail(email)) return true;
  const domain = email.slice(email.lastIndexOf('@') + 1);
  return isLikelyMisspelledDomain(domain);
}
