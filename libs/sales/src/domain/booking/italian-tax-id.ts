/**
 * Italian tax identifiers: the personal fiscal code (codice fiscale, 16 characters with a check letter) and the
 * company VAT number (partita IVA, 11 digits with a Luhn-like check digit), which also serves as a company's
 * fiscal code. Same algorithm as alf.io's `ItalianTaxIdValidator`, without its crash on unexpected characters.
 */

const ODD_DIGIT_VALUES = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21];
const ODD_LETTER_VALUES = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];
const A = 'A'.charCodeAt(0);

function evenValue(c: string): number {
  return /\d/.test(c) ? Number(c) : c.charCodeAt(0) - A;
}

function oddValue(c: string): number {
  return /\d/.test(c) ? ODD_DIGIT_VALUES[Number(c)]! : ODD_LETTER_VALUES[c.charCodeAt(0) - A]!;
}

/** 11 digits whose last is the check digit of the first ten. */
export function isValidItalianVatNumber(value: string): boolean {
  const nr = value.trim();
  if (!/^\d{11}$/.test(nr)) return false;
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const digit = Number(nr[i]);
    if (i % 2 === 1) {
      const doubled = digit * 2;
      sum += doubled > 9 ? doubled - 9 : doubled;
    } else {
      sum += digit;
    }
  }
  return (10 - (sum % 10)) % 10 === Number(nr[10]);
}

/** A personal fiscal code with a matching check letter, or (11 digits) a company's VAT number. */
export function isValidFiscalCode(value: string): boolean {
  const code = value.trim().toUpperCase();
  if (code.length === 11) return isValidItalianVatNumber(code);
  if (!/^[A-Z0-9]{16}$/.test(code)) return false;
  let sum = 0;
  // positions counted from 1: odd positions use the odd table
  for (let i = 0; i < 15; i++) sum += i % 2 === 0 ? oddValue(code[i]!) : evenValue(code[i]!);
  return code[15] === String.fromCharCode(A + (sum % 26));
}

interface NameParts {
  readonly consonants: readonly string[];
  readonly vowels: readonly string[];
}

function partsOf(name: string): NameParts {
  const letters = [...name.toUpperCase().normalize('NFD').replace(/\p{M}/gu, '')].filter((c) => /\p{L}/u.test(c));
  return { consonants: letters.filter((c) => !'AEIOU'.includes(c)), vowels: letters.filter((c) => 'AEIOU'.includes(c)) };
}

function threeLetters({ consonants, vowels }: NameParts): string {
  return [...consonants, ...vowels, 'X', 'X', 'X'].slice(0, 3).join('');
}

/** The first six letters of a personal fiscal code are those of the surname, then of the first name. */
export function fiscalCodeMatchesName(firstName: string, lastName: string, fiscalCode: string): boolean {
  if (!isValidFiscalCode(fiscalCode)) return false;
  const code = fiscalCode.trim().toUpperCase();
  if (code.length === 11) return true; // a company's code carries no name
  const first = partsOf(firstName);
  // a first name with four consonants or more drops its second one
  const firstCode =
    first.consonants.length >= 4 ? threeLetters({ consonants: [first.consonants[0]!, ...first.consonants.slice(2)], vowels: first.vowels }) : threeLetters(first);
  return code.startsWith(threeLetters(partsOf(lastName)) + firstCode);
}
