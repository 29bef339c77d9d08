import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { sfntFromWoff } from './woff.js';

/**
 * The documents' typeface: Source Sans Pro from @fontsource/source-sans-pro (a production dependency, the
 * storefront's font). Fontsource ships one file per Unicode subset; pdfkit (fontkit) reads its WOFF files, faster
 * once unwrapped (woff.ts), but not its WOFF2 ones. A text is cut into runs, each set in the first subset whose
 * unicode-range (the package's unicode.json) covers its characters: Latin, Latin Extended, Vietnamese, Greek and
 * Cyrillic render; other scripts (CJK, Arabic, Hebrew ...) have no glyphs in this family and show as blanks.
 */
export type FontWeight = 'regular' | 'bold';

const PACKAGE = '@fontsource/source-sans-pro';
const FILE_WEIGHT: Record<FontWeight, number> = { regular: 400, bold: 700 };
/** Latin first: most text is Latin, and the first subset covering a character wins. */
const SUBSETS = ['latin', 'latin-ext', 'vietnamese', 'greek', 'greek-ext', 'cyrillic', 'cyrillic-ext'] as const;
type Subset = (typeof SUBSETS)[number];

const require = createRequire(import.meta.url);

type Ranges = readonly (readonly [number, number])[];
let subsetRanges: readonly (readonly [Subset, Ranges])[] | undefined;

/** `U+0000-00FF,U+0131` -> [[0x0, 0xff], [0x131, 0x131]] */
function parseUnicodeRange(range: string): Ranges {
  return range.split(',').map((part) => {
    const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
    const start = parseInt(from ?? '', 16);
    return [start, to === undefined ? start : parseInt(to, 16)] as const;
  });
}

function ranges(): readonly (readonly [Subset, Ranges])[] {
  if (!subsetRanges) {
    const table = JSON.parse(readFileSync(require.resolve(`${PACKAGE}/unicode.json`), 'utf8')) as Record<string, string>;
    subsetRanges = SUBSETS.map((subset) => {
      const range = table[subset];
      if (range === undefined) throw new Error(`${PACKAGE} has no ${subset} subset`);
      return [subset, parseUnicodeRange(range)] as const;
    });
  }
  return subsetRanges;
}

function subsetOf(codePoint: number): Subset {
  for (const [subset, covered] of ranges()) {
    if (covered.some(([from, to]) => codePoint >= from && codePoint <= to)) return subset;
  }
  return 'latin';
}

export interface FontRun {
  readonly font: string;
  readonly text: string;
}

/** The pdfkit font name of a subset and weight, as {@link registerFonts} registers it. */
const fontName = (subset: Subset, weight: FontWeight): string => `source-sans-${subset}-${weight}`;

/** `text` cut into runs of one font each (whitespace joins the run it is in: every subset has a space). */
export function fontRuns(text: string, weight: FontWeight): FontRun[] {
  const runs: { font: string; text: string }[] = [];
  for (const char of text) {
    const last = runs[runs.length - 1];
    const font = last && /\s/.test(char) ? last.font : fontName(subsetOf(char.codePointAt(0) ?? 0), weight);
    if (last && last.font === font) last.text += char;
    else runs.push({ font, text: char });
  }
  return runs;
}

const files = new Map<string, Buffer>();

function fontFile(subset: Subset, weight: FontWeight): Buffer {
  const file = `${PACKAGE}/files/source-sans-pro-${subset}-${FILE_WEIGHT[weight]}-normal.woff`;
  let data = files.get(file);
  if (!data) {
    data = sfntFromWoff(readFileSync(require.resolve(file)));
    files.set(file, data);
  }
  return data;
}

/**
 * Registers every subset and weight with a document. pdfkit opens a registered font only when it is first
 * used and embeds only the glyphs drawn, so a document in Latin script carries one or two small subsets.
 */
export function registerFonts(doc: PDFKit.PDFDocument): void {
  for (const subset of SUBSETS) {
    for (const weight of Object.keys(FILE_WEIGHT) as FontWeight[]) doc.registerFont(fontName(subset, weight), fontFile(subset, weight));
  }
}
