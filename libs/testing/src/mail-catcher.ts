import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { decodeWords, leaves, parseMime, partText, structure, type MimePart } from './mime.js';

export interface ReceivedAttachment {
  readonly filename: string | null;
  readonly contentType: string;
  /** The bytes, their transfer encoding undone. */
  readonly content: Buffer;
}

export interface ReceivedMail {
  readonly to: string[];
  /** The message's own headers as received (folded lines kept). */
  readonly headers: string;
  /** The Subject header unfolded, its encoded words (RFC 2047) decoded; '' when there is none. */
  readonly subject: string;
  /** The text/plain part (or the body of a single-part message), its transfer encoding undone. */
  readonly text: string;
  /** The text/html part; null when the message has none. */
  readonly html: string | null;
  /** The parts sent as files (Content-Disposition: attachment, or a part with a file name). */
  readonly attachments: ReceivedAttachment[];
  /** The MIME tree in one line, e.g. `multipart/mixed(multipart/alternative(text/plain,text/html),application/pdf)`. */
  readonly structure: string;
  readonly mime: MimePart;
}

const filenameOf = (part: MimePart): string | null => part.disposition?.params['filename'] ?? part.params['name'] ?? null;
const isAttachment = (part: MimePart): boolean => part.disposition?.type === 'attachment' || filenameOf(part) !== null;

/** What a test reads of a message: its text and HTML bodies and its files (see mime.ts for what is parsed). */
export function readMail(to: string[], raw: Buffer): ReceivedMail {
  const latin1 = raw.toString('latin1');
  const split = /\r?\n\r?\n/.exec(latin1);
  const mime = parseMime(latin1);
  const parts = leaves(mime);
  const bodies = parts.filter((p) => !isAttachment(p));
  const plain = bodies.find((p) => p.contentType === 'text/plain');
  const html = bodies.find((p) => p.contentType === 'text/html');
  const headers = split ? latin1.slice(0, split.index) : latin1;
  const subject = /^Subject:(.*(?:\r?\n[ \t].*)*)/im.exec(headers)?.[1] ?? '';
  return {
    to,
    headers,
    subject: decodeWords(Buffer.from(subject.replace(/\r?\n[ \t]/g, ' ').trim(), 'latin1').toString('utf8')),
    text: plain ? partText(plain) : mime.children.length === 0 ? partText(mime) : '',
    html: html ? partText(html) : null,
    attachments: parts.filter(isAttachment).map((p) => ({ filename: filenameOf(p), contentType: p.contentType, content: p.body })),
    structure: structure(mime),
    mime,
  };
}

/** A mail catcher that speaks real SMTP on 127.0.0.1; it refuses recipients starting with `bounce`. */
export async function startMailCatcher(): Promise<{ port: number; mails: ReceivedMail[]; close(): Promise<void> }> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      callback(address.address.startsWith('bounce') ? Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }) : null);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push(readMail(session.envelope.rcptTo.map((r) => r.address), Buffer.concat(chunks)));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, mails, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
