import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher, type ReceivedMail } from '@ticketing/testing/app';
import { renderHtmlMail } from './html-layout.js';
import { SmtpMailer } from './smtp-mailer.js';

const HOSTILE = `<script>alert("pwned")</script> & 'Zoë'`;

describe('SmtpMailer over real SMTP', () => {
  let catcher: Awaited<ReturnType<typeof startMailCatcher>>;
  let mailer: SmtpMailer;
  const last = (): ReceivedMail => catcher.mails.at(-1)!;

  beforeAll(async () => {
    catcher = await startMailCatcher();
    mailer = new SmtpMailer({ smtpUrl: `smtp://127.0.0.1:${catcher.port}`, from: 'Tickets <tickets@acme.test>' });
  });
  afterAll(async () => {
    mailer.onApplicationShutdown();
    await catcher.close();
  });

  it('sends the text and the HTML as alternatives, and the files intact', async () => {
    // every byte value, and a text long and non-ASCII enough to be quoted-printable with soft line breaks
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from(Array.from({ length: 256 }, (_, i) => i)), Buffer.from('\n%%EOF\n')]);
    const ics = Buffer.from('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n');
    const text = `Grüezi Zoë,\n\n${'deine Reservierung für das Open Air am See ist bestätigt – '.repeat(4)}\n`;
    const html = renderHtmlMail({
      language: 'de',
      title: 'Ihre Tickets',
      preheader: 'bestätigt',
      organizer: 'Seeklang Verein',
      heading: 'Open Air',
      blocks: [{ kind: 'paragraph', text: 'Grüezi Zoë,' }],
      footer: null,
    });
    const longName = 'Billet – Zoë Übermüller, Open Air am See, Freitag 25. Juni 2027.pdf';
    await mailer.send({
      to: 'zoe@example.org',
      subject: 'Ihre Tickets für Open Air',
      text,
      html,
      replyTo: 'info@seeklang.example',
      attachments: [
        { filename: 'ticket.pdf', contentType: 'application/pdf', content: pdf },
        { filename: 'event.ics', contentType: 'text/calendar', content: ics },
        { filename: longName, contentType: 'application/pdf', content: pdf },
      ],
      language: 'de',
    });

    const mail = last();
    expect(mail.to).toEqual(['zoe@example.org']);
    expect(mail.structure).toBe('multipart/mixed(multipart/alternative(text/plain,text/html),application/pdf,text/calendar,application/pdf)');
    expect(mail.headers).toMatch(/^Reply-To: info@seeklang\.example$/m);
    expect(mail.headers).toMatch(/^Content-Language: de$/m);
    expect(mail.text).toBe(text);
    expect(mail.html).toBe(html);
    expect(mail.attachments.map(({ filename, contentType }) => ({ filename, contentType }))).toEqual([
      { filename: 'ticket.pdf', contentType: 'application/pdf' },
      { filename: 'event.ics', contentType: 'text/calendar' },
      { filename: longName, contentType: 'application/pdf' },
    ]);
    expect(mail.attachments[0]!.content.equals(pdf)).toBe(true);
    expect(mail.attachments[1]!.content.equals(ics)).toBe(true);
    expect(mail.attachments[2]!.content.equals(pdf)).toBe(true);
  });

  it('delivers hostile names escaped in the HTML and as written in the text', async () => {
    const html = renderHtmlMail({
      language: 'en',
      title: HOSTILE,
      preheader: HOSTILE,
      organizer: HOSTILE,
      heading: HOSTILE,
      blocks: [
        { kind: 'paragraph', text: `Hello ${HOSTILE},` },
        { kind: 'table', caption: null, columns: [{ label: 'Item' }], rows: [[HOSTILE]], total: null },
      ],
      footer: null,
    });
    await mailer.send({ to: 'ada@example.org', subject: 'Your tickets', text: `Hello ${HOSTILE},\n`, html, language: 'en' });

    const mail = last();
    expect(mail.structure).toBe('multipart/alternative(text/plain,text/html)');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain(`'Zoë'`);
    expect(mail.html).toContain('Hello &lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt; &amp; &#39;Zoë&#39;,');
    expect(mail.html!.split('&lt;script&gt;').length - 1).toBe(6);
    expect(mail.text).toBe(`Hello ${HOSTILE},\n`);
  });

  it('sends a text-only message as one text/plain part, without Reply-To', async () => {
    await mailer.send({ to: 'ada@example.org', subject: 'Plain', text: 'Just text.\n', language: 'en' });
    const mail = last();
    expect(mail.structure).toBe('text/plain');
    expect(mail.text).toBe('Just text.\n');
    expect(mail.html).toBeNull();
    expect(mail.attachments).toEqual([]);
    expect(mail.headers).not.toMatch(/^Reply-To:/m);
  });

  it('refuses to send without a mail server', async () => {
    const off = new SmtpMailer({ smtpUrl: null, from: 'tickets@acme.test' });
    expect(off.enabled).toBe(false);
    await expect(off.send({ to: 'ada@example.org', subject: 'x', text: 'x', language: 'en' })).rejects.toThrow('mail is disabled');
  });
});
