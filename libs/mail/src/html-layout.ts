/**
 * The HTML part of the e-mails to buyers: one small layout, no template engine. Every text given to it is
 * escaped here, so a caller passes plain strings (a buyer's name, an event title) and never markup.
 *
 * Written for mail clients rather than browsers: tables for layout, inline styles only (Gmail and Outlook drop
 * <style> blocks or parts of them), a 600 px column, a button made of a coloured table cell (Outlook draws no
 * padding or radius on links), system fonts. It reads without the styles too.
 */

/** A row or the heading of a table: one text per column. */
export type MailTableRow = readonly string[];

export interface MailTableColumn {
  readonly label: string;
  /** Amounts read best right-aligned; left by default. */
  readonly align?: 'left' | 'right';
}

/** One part of the body, top to bottom. */
export type MailBlock =
  /** A paragraph; its line breaks are kept. */
  | { readonly kind: 'paragraph'; readonly text: string }
  /** A button-like link; `href` must be an http(s) or mailto address. */
  | { readonly kind: 'button'; readonly label: string; readonly href: string }
  /** A table such as the order summary; `total` is set apart under a rule, in bold. */
  | {
      readonly kind: 'table';
      readonly caption: string | null;
      readonly columns: readonly MailTableColumn[];
      readonly rows: readonly MailTableRow[];
      readonly total: MailTableRow | null;
    }
  /** A tinted box, e.g. the bank transfer instructions: a title and one line per entry. */
  | { readonly kind: 'box'; readonly title: string | null; readonly lines: readonly string[] }
  /** Small grey text, e.g. the address of the button spelled out for clients that hide links. */
  | { readonly kind: 'note'; readonly text: string };

export interface HtmlMail {
  /** The language of the message (`<html lang>`). */
  readonly language: string;
  /** The document title, usually the subject. */
  readonly title: string;
  /** The line an inbox shows next to the subject; hidden in the message itself. */
  readonly preheader: string | null;
  /** Small, above the heading: who writes (the organizer's name). */
  readonly organizer: string | null;
  /** The heading: the event's title. */
  readonly heading: string;
  readonly blocks: readonly MailBlock[];
  /** Small text at the bottom, e.g. why the buyer receives this. */
  readonly footer: string | null;
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** The text as HTML text or attribute value: `& < > " '` become entities. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/** Escaped, its line breaks as <br>. */
const lines = (text: string): string => escapeHtml(text).replace(/\r?\n/g, '<br>\n');

/** Only web and mail addresses become links: anything else (javascript:, data:) is refused, not escaped into a link. */
function safeHref(href: string): string {
  if (!/^(https?:\/\/|mailto:)/i.test(href)) throw new Error(`refused link in an e-mail: ${JSON.stringify(href.slice(0, 40))}`);
  return escapeHtml(href);
}

const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const TEXT = `${FONT};font-size:16px;line-height:24px;color:#1f2933`;
const MUTED = `${FONT};font-size:13px;line-height:20px;color:#616e7c`;
const ACCENT = '#1f5fbf';

function block(b: MailBlock): string {
  switch (b.kind) {
    case 'paragraph':
      return `<p style="margin:0 0 16px;${TEXT}">${lines(b.text)}</p>`;
    case 'note':
      return `<p style="margin:0 0 16px;${MUTED};word-break:break-all">${lines(b.text)}</p>`;
    case 'button':
      return (
        `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px"><tr>` +
        `<td style="background:${ACCENT};border-radius:6px">` +
        `<a href="${safeHref(b.href)}" style="display:inline-block;padding:12px 24px;${FONT};font-size:16px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(b.label)}</a>` +
        `</td></tr></table>`
      );
    case 'box':
      return (
        `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:0 0 16px"><tr>` +
        `<td style="background:#f0f4f8;border-left:4px solid ${ACCENT};padding:12px 16px">` +
        (b.title === null ? '' : `<p style="margin:0 0 8px;${TEXT};font-weight:600">${lines(b.title)}</p>`) +
        `<p style="margin:0;${TEXT}">${b.lines.map(lines).join('<br>\n')}</p>` +
        `</td></tr></table>`
      );
    case 'table':
      return table(b);
  }
}

function table(b: Extract<MailBlock, { kind: 'table' }>): string {
  const align = (i: number) => b.columns[i]?.align ?? 'left';
  const cell = (tag: 'th' | 'td', text: string, i: number, extra: string) =>
    `<${tag} align="${align(i)}" style="padding:6px 8px;text-align:${align(i)};${TEXT};${extra}">${lines(text)}</${tag}>`;
  const head = `<tr>${b.columns.map((c, i) => cell('th', c.label, i, `font-size:13px;color:#616e7c;font-weight:600;border-bottom:1px solid #cbd2d9`)).join('')}</tr>`;
  const rows = b.rows.map((row) => `<tr>${row.map((text, i) => cell('td', text, i, 'border-bottom:1px solid #e4e7eb')).join('')}</tr>`).join('\n');
  const total = b.total === null ? '' : `\n<tr>${b.total.map((text, i) => cell('td', text, i, 'font-weight:700;border-top:2px solid #1f2933')).join('')}</tr>`;
  return (
    `<table width="100%" cellpadding="0" cellspacing="0" border="0" style="border-collapse:collapse;margin:0 0 24px">` +
    (b.caption === null ? '' : `<caption style="text-align:left;padding:0 0 8px;${TEXT};font-weight:600">${lines(b.caption)}</caption>`) +
    `\n<thead>${head}</thead>\n<tbody>\n${rows}${total}\n</tbody></table>`
  );
}

/** The whole HTML document of a message. */
export function renderHtmlMail(mail: HtmlMail): string {
  const preheader =
    mail.preheader === null
      ? ''
      : `<div style="display:none;max-height:0;overflow:hidden;mso-hide:all;font-size:1px;line-height:1px;color:#f5f7fa">${escapeHtml(mail.preheader)}</div>\n`;
  const organizer = mail.organizer === null ? '' : `<p style="margin:0 0 4px;${MUTED};text-transform:uppercase;letter-spacing:0.04em">${escapeHtml(mail.organizer)}</p>\n`;
  const footer = mail.footer === null ? '' : `<tr><td style="padding:16px 32px 0;${MUTED}">${lines(mail.footer)}</td></tr>\n`;
  return `<!DOCTYPE html>
<html lang="${escapeHtml(mail.language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${escapeHtml(mail.title)}</title>
</head>
<body style="margin:0;padding:0;background:#f5f7fa">
${preheader}<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f5f7fa"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px">
<tr><td style="background:#ffffff;border-radius:8px;padding:32px">
${organizer}<h1 style="margin:0 0 24px;${FONT};font-size:24px;line-height:32px;font-weight:700;color:#1f2933">${escapeHtml(mail.heading)}</h1>
${mail.blocks.map(block).join('\n')}
</td></tr>
${footer}</table>
</td></tr></table>
</body>
</html>
`;
}
