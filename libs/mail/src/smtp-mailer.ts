import type { OnApplicationShutdown } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { Mailer, type MailMessage } from './mailer.js';

export interface SmtpSettings {
  /** `smtp://127.0.0.1:2525` or `smtps://user:pass@host`; null: mail is off. */
  readonly smtpUrl: string | null;
  /** The sender of every message. */
  readonly from: string;
}

/** Sends e-mail over SMTP (SMTP_URL, MAIL_FROM); off without a URL. */
export class SmtpMailer extends Mailer implements OnApplicationShutdown {
  private readonly transport: Transporter | null;
  private readonly from: string;

  constructor(settings: SmtpSettings) {
    super();
    this.from = settings.from;
    // bounded waits: a mail server that hangs must not hold the sweep that offers seats forever
    this.transport = settings.smtpUrl
      ? createTransport({ url: settings.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 })
      : null;
  }

  get enabled(): boolean {
    return this.transport !== null;
  }

  async send(message: MailMessage): Promise<void> {
    if (!this.transport) throw new Error('mail is disabled (no SMTP_URL)');
    await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html === undefined ? {} : { html: message.html }),
      ...(message.replyTo === undefined ? {} : { replyTo: message.replyTo }),
      attachments: (message.attachments ?? []).map(({ filename, contentType, content }) => ({ filename, contentType, content })),
      headers: { 'Content-Language': message.language },
    });
  }

  onApplicationShutdown(): void {
    this.transport?.close();
  }
}
