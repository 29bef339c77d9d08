import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SmtpMailer, renderHtmlMail } from '@ticketing/mail';
import { startMailCatcher, type RunningMailCatcher } from './mail-catcher.mjs';

/** What maildev's REST API (GET /email) answers, the part this spec reads. */
interface CaughtMail {
  readonly id: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly to: { address: string }[];
  readonly headers: Record<string, string>;
  readonly attachments: { fileName: string; generatedFileName: string; contentType: string; length: number }[] | null;
}

const listening = (server: Server, port = 0) => new Promise<number>((resolve) => server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

describe("npm start's mail catcher (maildev)", () => {
  const mailDir = mkdtempSync(join(tmpdir(), 'mail-catcher-'));
  let catcher: RunningMailCatcher;
  let signalListeners: number;

  beforeAll(async () => {
    signalListeners = process.listenerCount('SIGTERM') + process.listenerCount('SIGINT');
    catcher = await startMailCatcher({ mailDir });
  });
  afterAll(async () => {
    await catcher.stop();
    rmSync(mailDir, { recursive: true, force: true });
  });

  it('listens on free loopback ports and leaves the signals to its caller', () => {
    expect(catcher.smtpUrl).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
    expect(catcher.webUrl).toMatch(/^http:\/\/localhost:\d+$/);
    // maildev's own handlers would exit the process on Ctrl-C before the API and the database are stopped
    expect(process.listenerCount('SIGTERM') + process.listenerCount('SIGINT')).toBe(signalListeners);
  });

  it('receives what SmtpMailer sends and shows it on its page and REST API: text, HTML and the attachment', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from(Array.from({ length: 256 }, (_, i) => i))]);
    const html = renderHtmlMail({
      language: 'en',
      title: 'Your tickets',
      preheader: null,
      organizer: 'Acme Events',
      heading: 'Open <Air>',
      blocks: [{ kind: 'button', label: 'View your reservation', href: 'http://localhost:8080/event/open-air/reservation/r-1/success' }],
      footer: null,
    });
    const mailer = new SmtpMailer({ smtpUrl: catcher.smtpUrl, from: 'Tickets <tickets@acme.test>' });
    await mailer.send({
      to: 'ada@example.org',
      subject: 'Your tickets for Open Air',
      text: 'Hello Ada,\n\nyour reservation is confirmed.\n',
      html,
      replyTo: 'info@acme.test',
      attachments: [{ filename: 'ticket.pdf', contentType: 'application/pdf', content: pdf }],
      language: 'en',
    });
    mailer.onApplicationShutdown();

    const page = await fetch(`${catcher.webUrl}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('MailDev');

    const caught = (await (await fetch(`${catcher.webUrl}/email`)).json()) as CaughtMail[];
    expect(caught).toHaveLength(1);
    const [mail] = caught;
    expect(mail!.subject).toBe('Your tickets for Open Air');
    expect(mail!.to.map((t) => t.address)).toEqual(['ada@example.org']);
    expect(mail!.headers['reply-to']).toBe('info@acme.test');
    expect(mail!.headers['content-language']).toBe('en');
    expect(mail!.text).toBe('Hello Ada,\n\nyour reservation is confirmed.\n');
    expect(mail!.html).toContain('<h1 style="margin:0 0 24px;');
    expect(mail!.html).toContain('>Open &lt;Air&gt;</h1>');
    expect(mail!.attachments).toEqual([expect.objectContaining({ fileName: 'ticket.pdf', contentType: 'application/pdf', length: pdf.length })]);
    // served under a name of maildev's own (CVE-2024-27448)
    const file = await fetch(`${catcher.webUrl}/email/${mail!.id}/attachment/${mail!.attachments![0]!.generatedFileName}`);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
    // kept on disk: the next start shows it again
    expect(readdirSync(mailDir)).toContain(`${mail!.id}.eml`);
  });

  it('stops: both ports are free again', async () => {
    const smtpPort = Number(new URL(catcher.smtpUrl).port);
    const webPort = Number(new URL(catcher.webUrl).port);
    await catcher.stop();
    expect(await isFree(smtpPort)).toBe(true);
    expect(await isFree(webPort)).toBe(true);
  });

  it('refuses a port that is taken (once stopped), naming the setting', async () => {
    const taken = createServer();
    const port = await listening(taken);
    try {
      await expect(startMailCatcher({ smtpPort: port, mailDir })).rejects.toThrow(`MAIL_CATCHER_SMTP_PORT: 127.0.0.1:${port} is not free`);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });
});
