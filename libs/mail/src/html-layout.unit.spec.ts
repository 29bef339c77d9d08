import { describe, expect, it } from 'vitest';
import { escapeHtml, renderHtmlMail, type HtmlMail } from './html-layout.js';

const HOSTILE = `<img src=x onerror="alert('1')"> & co`;
const ESCAPED = '&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt; &amp; co';

const mail = (overrides: Partial<HtmlMail> = {}): HtmlMail => ({
  language: 'en',
  title: 'Your tickets',
  preheader: 'Your reservation is confirmed',
  organizer: 'Seeklang Verein',
  heading: 'Open Air',
  blocks: [],
  footer: null,
  ...overrides,
});

describe('escapeHtml', () => {
  it('turns the five characters that end text or attributes into entities', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;');
  });
});

describe('the HTML layout of an e-mail', () => {
  it('is a document in the message language with the title, the organizer above the heading and the preview line', () => {
    const html = renderHtmlMail(mail());
    expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="en">/);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<title>Your tickets</title>');
    expect(html).toMatch(/Seeklang Verein<\/p>\n<h1[^>]*>Open Air<\/h1>/);
    expect(html).toMatch(/<div style="display:none[^"]*">Your reservation is confirmed<\/div>/);
    // every style is inline: clients drop <style> blocks
    expect(html).not.toContain('<style');
  });

  it('renders each block: paragraphs keep their line breaks, a button links, a table, a box, a note', () => {
    const html = renderHtmlMail(
      mail({
        blocks: [
          { kind: 'paragraph', text: 'Hello Ada,\nwelcome' },
          { kind: 'table', caption: 'Reservation AB12', columns: [{ label: 'Item' }, { label: 'Amount', align: 'right' }], rows: [['Pass', 'CHF 90.00']], total: ['Total', 'CHF 90.00'] },
          { kind: 'box', title: 'Bank transfer', lines: ['IBAN CH93', 'Seeklang'] },
          { kind: 'button', label: 'View your reservation', href: 'https://tickets.example.org/event/x/reservation/1/success?a=1&b=2' },
          { kind: 'note', text: 'https://tickets.example.org' },
        ],
        footer: 'Reply to reach us',
      }),
    );
    expect(html).toContain('>Hello Ada,<br>\nwelcome</p>');
    expect(html).toMatch(/<caption[^>]*>Reservation AB12<\/caption>/);
    expect(html).toMatch(/<th align="left"[^>]*>Item<\/th><th align="right"[^>]*>Amount<\/th>/);
    expect(html).toMatch(/<td align="left"[^>]*>Pass<\/td><td align="right"[^>]*>CHF 90\.00<\/td>/);
    expect(html).toMatch(/<td align="left"[^>]*font-weight:700[^>]*>Total<\/td>/);
    expect(html).toMatch(/>Bank transfer<\/p><p[^>]*>IBAN CH93<br>\nSeeklang<\/p>/);
    expect(html).toMatch(/<a href="https:\/\/tickets\.example\.org\/event\/x\/reservation\/1\/success\?a=1&amp;b=2"[^>]*>View your reservation<\/a>/);
    expect(html).toContain('>Reply to reach us</td>');
  });

  it('escapes every text it is given', () => {
    const html = renderHtmlMail(
      mail({
        language: HOSTILE,
        title: HOSTILE,
        preheader: HOSTILE,
        organizer: HOSTILE,
        heading: HOSTILE,
        footer: HOSTILE,
        blocks: [
          { kind: 'paragraph', text: HOSTILE },
          { kind: 'note', text: HOSTILE },
          { kind: 'button', label: HOSTILE, href: `https://example.org/"><script>x</script>` },
          { kind: 'box', title: HOSTILE, lines: [HOSTILE] },
          { kind: 'table', caption: HOSTILE, columns: [{ label: HOSTILE }], rows: [[HOSTILE]], total: [HOSTILE] },
        ],
      }),
    );
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain(`"alert`);
    // 15 texts above, each escaped in place; the link's quote cannot close its attribute
    expect(html.split(ESCAPED).length - 1).toBe(15);
    expect(html).toContain('href="https://example.org/&quot;&gt;&lt;script&gt;x&lt;/script&gt;"');
  });

  it('refuses a link that is not a web or mail address', () => {
    for (const href of ['javascript:alert(1)', ' javascript:alert(1)', 'data:text/html,<b>x</b>', '//example.org']) {
      expect(() => renderHtmlMail(mail({ blocks: [{ kind: 'button', label: 'Open', href }] }))).toThrow(/refused link/);
    }
    expect(renderHtmlMail(mail({ blocks: [{ kind: 'button', label: 'Write', href: 'mailto:info@example.org' }] }))).toContain('href="mailto:info@example.org"');
  });
});
