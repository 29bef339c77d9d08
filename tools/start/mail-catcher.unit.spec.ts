import { describe, expect, it } from 'vitest';
import { mailPlan } from './mail-catcher.mjs';

describe('what npm start does about mail', () => {
  it('sends to SMTP_URL when it is given, in any mode', () => {
    expect(mailPlan({ SMTP_URL: 'smtp://mail.example.org:587' })).toEqual({ kind: 'smtp-url' });
    expect(mailPlan({ SMTP_URL: 'smtp://mail.example.org:587', APP_MODE: 'prod' })).toEqual({ kind: 'smtp-url' });
  });

  it('starts a catcher on free ports without SMTP_URL, in dev and demo mode', () => {
    expect(mailPlan({})).toEqual({ kind: 'catcher', smtpPort: 0, webPort: 0 });
    expect(mailPlan({ APP_MODE: 'demo', SMTP_URL: '  ' })).toEqual({ kind: 'catcher', smtpPort: 0, webPort: 0 });
  });

  it('keeps mail off in production without SMTP_URL: nothing there may swallow real mail', () => {
    expect(mailPlan({ APP_MODE: 'prod' })).toEqual({ kind: 'off' });
  });

  it('takes the ports from MAIL_CATCHER_SMTP_PORT and MAIL_CATCHER_WEB_PORT, refusing what is not a port', () => {
    expect(mailPlan({ MAIL_CATCHER_SMTP_PORT: '1025', MAIL_CATCHER_WEB_PORT: '1080' })).toEqual({ kind: 'catcher', smtpPort: 1025, webPort: 1080 });
    expect(() => mailPlan({ MAIL_CATCHER_WEB_PORT: 'http' })).toThrow('MAIL_CATCHER_WEB_PORT must be a port number');
    expect(() => mailPlan({ MAIL_CATCHER_SMTP_PORT: '70000' })).toThrow('MAIL_CATCHER_SMTP_PORT must be a port number');
  });
});
