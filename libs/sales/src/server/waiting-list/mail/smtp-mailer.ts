import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { SALES_OPTIONS, type SalesOptions } from '../../tokens.js';

export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  /** The language the message is written in (Content-Language). */
  readonly language: string;
}

/** Sends e-mail over SMTP (SMTP_URL, e.g. `smtp://127.0.0.1:2525` or `smtps://user:pass@host`); off without a URL. */
@Injectable()
export class SmtpMailer implements OnApplicationShutdown {
  private readonly transport: Transporter | null;
  private readonly from: string;

  constructor(@Inject(SALES_OPTIONS) options: SalesOptions) {
    this.from = options.mail.from;
    // bounded waits: a mail server that hangs must not hold the sweep that offers seats forever
    this.transport = options.mail.smtpUrl
      ? createTransport({ url: options.mail.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 })
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
      headers: { 'Content-Language': message.language },
    });
  }

  onApplicationShutdown(): void {
    this.transport?.close();
  }
}
