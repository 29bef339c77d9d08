export { Mailer, type MailAttachment, type MailMessage } from './mailer.js';
export { SmtpMailer, type SmtpSettings } from './smtp-mailer.js';
export { escapeHtml, renderHtmlMail, type HtmlMail, type MailBlock, type MailTableColumn, type MailTableRow } from './html-layout.js';
