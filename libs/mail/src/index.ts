export { Mailer, type MailMessage } from './mailer.js';
export { SmtpMailer, type SmtpSettings } from './smtp-mailer.js';
