/**
 * Descriptions arrive as HTML the server rendered from Markdown and sanitized (public-api.md 1.1); the page's
 * Content-Security-Policy (script-src 'self') also keeps inline scripts and handlers from running.
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  if (!html.trim()) return null;
  return <div className={className ? `rich-text ${className}` : 'rich-text'} dangerouslySetInnerHTML={{ __html: html }} />;
}
