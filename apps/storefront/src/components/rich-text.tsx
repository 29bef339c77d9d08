/**
 * Descriptions arrive as HTML the server rendered from Markdown and sanitized (public-api.md 1.1); the page's
 * Content-Security-Policy (script-src 'self') also keeps inline scripts and handlers from running.
 *
 * `headingsUnder` is the level of the page's heading the text sits under: the text's own headings (an organizer's
 * `#` or `##`) are moved below it, so that a screen reader's outline nests them instead of setting them beside it.
 */
export function RichText({ html, className, headingsUnder }: { html: string; className?: string; headingsUnder?: number }) {
  if (!html.trim()) return null;
  const nested = headingsUnder === undefined ? html : headingsNestedUnder(html, headingsUnder);
  return <div className={className ? `rich-text ${className}` : 'rich-text'} dangerouslySetInnerHTML={{ __html: nested }} />;
}

const HEADING_TAG = /<(\/?)h([1-6])(?=[\s>/])/gi;

/**
 * The HTML with its headings shifted so that the highest becomes `level + 1` and the others keep their distance to it
 * (h6 at most); unchanged when it has none or they already sit below `level`.
 */
export function headingsNestedUnder(html: string, level: number): string {
  const shift = level + 1 - Math.min(...Array.from(html.matchAll(HEADING_TAG), (m) => Number(m[2])));
  return shift > 0 ? html.replace(HEADING_TAG, (_tag, slash: string, n: string) => `<${slash}h${Math.min(6, Number(n) + shift)}`) : html;
}
