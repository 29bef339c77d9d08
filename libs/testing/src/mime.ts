/**
 * A minimal MIME reader for the messages tests receive over SMTP (mailparser is not installed, and nodemailer
 * only writes MIME). It reads what our sender writes and what RFC 2045-2047 and 2231 say about it: nested
 * multiparts, base64 and quoted-printable bodies, quoted and RFC 2231 (continued, percent-encoded) parameters,
 * encoded words in parameters. Not covered: other charsets than UTF-8, US-ASCII and Latin-1, uuencode, message/rfc822
 * parts read as parts of their own (they stay one leaf).
 */

export interface MimePart {
  /** Header names in lower case, folded lines joined. */
  readonly headers: ReadonlyMap<string, string>;
  /** `type/subtype` in lower case; `text/plain` when the part names none. */
  readonly contentType: string;
  /** The Content-Type's parameters (names in lower case), decoded. */
  readonly params: Readonly<Record<string, string>>;
  /** `attachment`, `inline` or null, and its parameters (`filename`). */
  readonly disposition: { readonly type: string; readonly params: Readonly<Record<string, string>> } | null;
  /** The body with its transfer encoding undone (empty for a multipart). */
  readonly body: Buffer;
  readonly children: readonly MimePart[];
}

function splitHead(raw: string): { head: string; body: string } {
  const match = /\r?\n\r?\n/.exec(raw);
  return match ? { head: raw.slice(0, match.index), body: raw.slice(match.index + match[0].length) } : { head: raw, body: '' };
}

function parseHeaders(head: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    // the first wins: a part has one Content-Type, and Received lines are of no use here
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return headers;
}

const charsetOf = (charset: string | undefined): BufferEncoding => (/^(iso-8859-1|latin1|windows-1252)$/i.test(charset ?? '') ? 'latin1' : 'utf8');

/** RFC 2047 encoded words (`=?UTF-8?B?...?=`, `=?UTF-8?Q?...?=`) as text. */
export function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=(\s+(?==\?))?/g, (_, charset: string, kind: string, text: string) => {
    const bytes = kind.toUpperCase() === 'B' ? Buffer.from(text, 'base64') : quotedPrintable(text.replace(/_/g, ' '));
    return bytes.toString(charsetOf(charset));
  });
}

/** `type/subtype; a=1; b="x; y"; c*0*=utf-8''%E2%82; c*1*=%AC` as its value and parameters. */
function parseParameters(value: string): { value: string; params: Record<string, string> } {
  const pieces: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (c === '\\' && quoted) current += value[++i] ?? '';
    else if (c === '"') quoted = !quoted;
    else if (c === ';' && !quoted) {
      pieces.push(current);
      current = '';
    } else current += c;
  }
  pieces.push(current);
  const [first = '', ...rest] = pieces.map((p) => p.trim());
  // RFC 2231: name*0, name*1 ... continue one value; a trailing * marks a percent-encoded piece, the first naming its charset
  const continued = new Map<string, { index: number; encoded: boolean; text: string }[]>();
  for (const piece of rest) {
    const eq = piece.indexOf('=');
    if (eq <= 0) continue;
    const key = piece.slice(0, eq).trim().toLowerCase();
    const text = piece.slice(eq + 1).trim();
    const m = /^([^*]+)(?:\*(\d+))?(\*)?$/.exec(key);
    if (!m) continue;
    const list = continued.get(m[1]!) ?? [];
    list.push({ index: Number(m[2] ?? 0), encoded: m[3] === '*', text });
    continued.set(m[1]!, list);
  }
  const params: Record<string, string> = {};
  for (const [name, list] of continued) {
    list.sort((a, b) => a.index - b.index);
    let charset: string | undefined;
    const bytes = list.map((piece, i) => {
      if (!piece.encoded) return Buffer.from(piece.text, 'latin1');
      let text = piece.text;
      if (i === 0) {
        const m = /^([^']*)'[^']*'(.*)$/.exec(text);
        if (m) [charset, text] = [m[1], m[2]!];
      }
      return Buffer.from(text.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1');
    });
    const joined = Buffer.concat(bytes).toString(list.some((p) => p.encoded) ? charsetOf(charset) : 'latin1');
    params[name] = list.some((p) => p.encoded) ? joined : decodeWords(Buffer.from(joined, 'latin1').toString('utf8'));
  }
  return { value: first.toLowerCase(), params };
}

function quotedPrintable(text: string): Buffer {
  return Buffer.from(text.replace(/=\r?\n/g, '').replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1');
}

function decodeBody(body: string, encoding: string | undefined): Buffer {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64');
    case 'quoted-printable':
      return quotedPrintable(body);
    default:
      return Buffer.from(body, 'latin1');
  }
}

/** The parts between the boundaries; the preamble and the epilogue are dropped. */
function splitMultipart(body: string, boundary: string): string[] {
  const segments = `\r\n${body}`.split(`\r\n--${boundary}`);
  const parts: string[] = [];
  for (const segment of segments.slice(1)) {
    if (segment.startsWith('--')) break;
    parts.push(segment.replace(/^[ \t]*\r?\n/, ''));
  }
  return parts;
}

/** The message (or part), `raw` being its bytes as Latin-1 text (one character per byte). */
export function parseMime(raw: string): MimePart {
  const { head, body } = splitHead(raw);
  const headers = parseHeaders(head);
  const type = parseParameters(headers.get('content-type') ?? 'text/plain');
  const disposition = headers.has('content-disposition') ? parseParameters(headers.get('content-disposition')!) : null;
  const boundary = type.params['boundary'];
  const multipart = type.value.startsWith('multipart/') && boundary !== undefined;
  return {
    headers,
    contentType: type.value || 'text/plain',
    params: type.params,
    disposition: disposition && { type: disposition.value, params: disposition.params },
    body: multipart ? Buffer.alloc(0) : decodeBody(body, headers.get('content-transfer-encoding')),
    children: multipart ? splitMultipart(body, boundary).map(parseMime) : [],
  };
}

/** The part's body as text, in its charset, with the line breaks it was written with (MIME sends CRLF). */
export const partText = (part: MimePart): string => part.body.toString(charsetOf(part.params['charset'])).replace(/\r\n/g, '\n');

/** The parts that carry content, depth first. */
export function leaves(part: MimePart): MimePart[] {
  return part.children.length === 0 ? [part] : part.children.flatMap(leaves);
}

/** The tree as one line: `multipart/mixed(multipart/alternative(text/plain,text/html),application/pdf)`. */
export function structure(part: MimePart): string {
  return part.children.length === 0 ? part.contentType : `${part.contentType}(${part.children.map(structure).join(',')})`;
}
