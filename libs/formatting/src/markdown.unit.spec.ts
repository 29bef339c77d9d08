import { describe, expect, it } from 'vitest';
import { markdownToText, renderMarkdown, renderMarkdownMap } from './markdown.js';

describe('renderMarkdown', () => {
  it('renders CommonMark as alf.io delivers descriptions', () => {
    expect(renderMarkdown('additional desc')).toBe('<p>additional desc</p>\n');
    expect(renderMarkdown('**bold** and *em*\n\n- a\n- b')).toBe('<p><strong>bold</strong> and <em>em</em></p>\n<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n');
  });

  it('opens links in a new tab without an opener', () => {
    expect(renderMarkdown('[site](https://example.org/a?b=1&c=2)')).toBe(
      '<p><a href="https://example.org/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer">site</a></p>\n',
    );
  });

  it('escapes raw HTML, so a script in the source never becomes markup', () => {
    const html = renderMarkdown('Hello <script>alert(1)</script> <img src=x onerror="alert(2)">\n\n<iframe src="https://evil"></iframe>');
    expect(html).not.toMatch(/<script|<img|<iframe/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;iframe');
  });

  it('refuses script URLs in links and images', () => {
    for (const source of ['[x](javascript:alert(1))', '[x](JaVaScRiPt:alert(1))', '[x](vbscript:msgbox)', '[x](file:///etc/passwd)', '![i](javascript:alert(1))', '[x](data:text/html;base64,PHNjcmlwdD4=)']) {
      const html = renderMarkdown(source);
      expect(html).not.toMatch(/href="(javascript|vbscript|file|data)/i);
      expect(html).not.toMatch(/src="(javascript|data:text)/i);
    }
  });

  it('escapes attribute breaking quotes in URLs', () => {
    expect(renderMarkdown('[x](https://a.org/"onmouseover="alert(1))')).not.toContain('" onmouseover');
  });

  it('renders every language of a map', () => {
    expect(renderMarkdownMap({ en: 'Hi', it: 'Ciao' })).toEqual({ en: '<p>Hi</p>\n', it: '<p>Ciao</p>\n' });
  });
});

describe('markdownToText', () => {
  it('keeps the text without markup, links followed by their address', () => {
    expect(markdownToText('# Title\n\nSome **bold** text, a [link](https://x.org).\n\n- one\n- two\n\n<b>raw</b>')).toBe(
      'Title\n\nSome bold text, a link (https://x.org).\n\n- one\n- two\n\n<b>raw</b>',
    );
    expect(markdownToText('<https://x.org>')).toBe('https://x.org');
  });
});
