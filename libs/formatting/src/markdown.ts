import MarkdownIt from 'markdown-it';
import type { Token } from 'markdown-it';

/**
 * Organizer Markdown -> HTML for descriptions (reference 1.1: delivered already rendered). `html: false`
 * makes markdown-it escape any raw HTML in the source, so no tag the organizer typed reaches the page;
 * its `validateLink` refuses javascript:, vbscript:, file: and non-image data: URLs. That makes the output
 * safe by construction rather than by a sanitizer's list. Links open in a new tab without giving the
 * opened page a handle on ours.
 */
const markdown = new MarkdownIt('default', { html: false, linkify: false, typographer: false });

markdown.renderer.rules['link_open'] = (tokens, idx, options, _env, self) => {
  const token = tokens[idx]!;
  token.attrSet('target', '_blank');
  token.attrSet('rel', 'noopener noreferrer');
  return self.renderToken(tokens, idx, options);
};

export function renderMarkdown(source: string): string {
  return markdown.render(source);
}

/** Renders every entry of a per-language Markdown map. */
export function renderMarkdownMap(sources: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(sources).map(([lang, text]) => [lang, renderMarkdown(text)]));
}

/**
 * The text a reader sees, without markup: for places that cannot show HTML (calendar entries).
 * Paragraphs and headings are separated by a blank line, list items start with "- ", links keep their
 * text followed by the URL in parentheses.
 */
export function markdownToText(source: string): string {
  const out: string[] = [];
  for (const token of markdown.parse(source, {})) {
    switch (token.type) {
      case 'inline':
        out.push(inlineText(token.children ?? []));
        break;
      case 'paragraph_close':
      case 'heading_close':
        out.push(token.hidden ? '\n' : '\n\n');
        break;
      case 'list_item_open':
        out.push('- ');
        break;
      case 'bullet_list_close':
      case 'ordered_list_close':
        out.push('\n');
        break;
      case 'fence':
      case 'code_block':
        out.push(token.content, '\n');
        break;
      case 'hr':
        out.push('\n');
        break;
    }
  }
  return out.join('').replace(/\n{3,}/g, '\n\n').trim();
}

function inlineText(tokens: readonly Token[]): string {
  let text = '';
  let link: { href: string; from: number } | null = null;
  for (const token of tokens) {
    if (token.type === 'text' || token.type === 'code_inline') text += token.content;
    else if (token.type === 'softbreak' || token.type === 'hardbreak') text += '\n';
    else if (token.type === 'image') text += token.content;
    else if (token.type === 'link_open') link = { href: String(token.attrGet('href') ?? ''), from: text.length };
    else if (token.type === 'link_close' && link) {
      // "[https://x.org](https://x.org)" needs no repetition
      const label = text.slice(link.from);
      if (link.href && label !== link.href && `mailto:${label}` !== link.href) text += ` (${link.href})`;
      link = null;
    }
  }
  return text;
}
