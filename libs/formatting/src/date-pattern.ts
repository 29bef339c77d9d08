import { wallClock } from '@ticketing/kernel';

/**
 * Formats an instant with a Java `DateTimeFormatter` pattern (the bundles carry alf.io's patterns, e.g.
 * `EEE dd MMM yyyy`), in a time zone and a language. Numbers are padded here; names (E, MMM, MMMM) come
 * from ICU in their format-context form, which is what Java's CLDR data prints too (`Mi.` and `März` in
 * German, `mer` and `mar` in Italian).
 * Supported letters: E, d, M, y, H, m, s; text in single quotes is literal, `''` is a quote.
 */
export function formatDatePattern(instant: Date, pattern: string, lang: string, timeZone: string): string {
  // Catalog dates are few and asked for on every page view: format each once.
  const key = `${instant.getTime()}|${pattern}|${lang}|${timeZone}`;
  let text = formatted.get(key);
  if (text === undefined) {
    if (formatted.size >= MAX_FORMATTED) formatted.clear();
    text = format(instant, pattern, lang, timeZone);
    formatted.set(key, text);
  }
  return text;
}

const formatted = new Map<string, string>();
const MAX_FORMATTED = 20_000;

function format(instant: Date, pattern: string, lang: string, timeZone: string): string {
  let out = '';
  let clock: ReturnType<typeof wallClock> | undefined;
  const fields = () => (clock ??= wallClock(instant, timeZone));
  for (const token of tokenize(pattern)) {
    if (token.kind === 'literal') {
      out += token.text;
      continue;
    }
    const n = token.text.length;
    switch (token.text[0]) {
      case 'E':
        out += names(instant, lang, timeZone, n >= 4 ? 'long' : 'short').weekday;
        break;
      case 'M':
        out += n >= 4 ? names(instant, lang, timeZone, 'long').month : n === 3 ? names(instant, lang, timeZone, 'short').month : pad(fields().month, n);
        break;
      case 'd':
        out += pad(fields().day, n);
        break;
      case 'y':
        out += n === 2 ? pad(fields().year % 100, 2) : pad(fields().year, n);
        break;
      case 'H':
        out += pad(fields().hour, n);
        break;
      case 'm':
        out += pad(fields().minute, n);
        break;
      case 's':
        out += pad(fields().second, n);
        break;
      default:
        // A letter this formatter does not know is printed as is rather than failing a whole page.
        out += token.text;
    }
  }
  return out;
}

type Token = { kind: 'field' | 'literal'; text: string };

// Patterns come from a handful of bundle keys: tokenizing each once is enough.
const tokenCache = new Map<string, Token[]>();

export function tokenize(pattern: string): Token[] {
  const known = tokenCache.get(pattern);
  if (known) return known;
  const tokens: Token[] = [];
  for (let i = 0; i < pattern.length; ) {
    const c = pattern[i]!;
    if (c === "'") {
      if (pattern[i + 1] === "'") {
        tokens.push({ kind: 'literal', text: "'" });
        i += 2;
        continue;
      }
      const close = pattern.indexOf("'", i + 1);
      const end = close < 0 ? pattern.length : close;
      tokens.push({ kind: 'literal', text: pattern.slice(i + 1, end) });
      i = end + 1;
    } else if (/[A-Za-z]/.test(c)) {
      let j = i;
      while (pattern[j] === c) j++;
      tokens.push({ kind: 'field', text: pattern.slice(i, j) });
      i = j;
    } else {
      tokens.push({ kind: 'literal', text: c });
      i++;
    }
  }
  tokenCache.set(pattern, tokens);
  return tokens;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

const nameFormatters = new Map<string, Intl.DateTimeFormat>();

/** Weekday and month names in format context: asked together with a day, as a date pattern uses them. */
function names(instant: Date, lang: string, timeZone: string, width: 'short' | 'long'): { weekday: string; month: string } {
  const key = `${lang}|${timeZone}|${width}`;
  let formatter = nameFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(lang, { timeZone, weekday: width, day: 'numeric', month: width, year: 'numeric' });
    nameFormatters.set(key, formatter);
  }
  const parts = formatter.formatToParts(instant);
  return {
    weekday: parts.find((p) => p.type === 'weekday')?.value ?? '',
    month: parts.find((p) => p.type === 'month')?.value ?? '',
  };
}
