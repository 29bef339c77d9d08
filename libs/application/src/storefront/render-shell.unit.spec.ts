import { describe, expect, it } from 'vitest';
import { preloadedPaths, renderShell } from './render-shell.js';

const template = '<!doctype html><html lang="en"><head><title>x</title></head><body><div id="root"></div></body></html>';

describe('renderShell', () => {
  it('preloads the answers and tokens and sets the page language', () => {
    const html = renderShell(template, {
      sessionId: 'abc',
      xsrfToken: 'tok"en',
      lang: 'de',
      answers: { [preloadedPaths.info]: { devModeEnabled: true }, [preloadedPaths.bundle('de')]: { 'common.or': 'oder' } },
      openIdEnabled: true,
    });
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('<meta name="GID" content="abc">');
    expect(html).toContain('<meta name="XSRF_TOKEN" content="tok&quot;en">');
    expect(html).toContain('<meta name="Alfio-OpenId-Enabled" content="true">');
    const json = html.match(/<script type="application\/json" id="preloaded-data">(.*?)<\/script>/s)![1]!;
    expect(JSON.parse(json)).toEqual({ '/api/v2/info': { devModeEnabled: true }, '/api/v2/public/i18n/bundle/de': { 'common.or': 'oder' } });
  });

  it('names where the reCAPTCHA widget loads from only when one is configured', () => {
    const page = { sessionId: 's', xsrfToken: 't', lang: 'en', answers: {}, openIdEnabled: false };
    expect(renderShell(template, page)).not.toContain('recaptcha-script');
    expect(renderShell(template, { ...page, recaptchaScriptUrl: 'http://127.0.0.1:4100/recaptcha/api.js?a=1&b="2"' })).toContain(
      '<meta name="recaptcha-script" content="http://127.0.0.1:4100/recaptcha/api.js?a=1&amp;b=&quot;2&quot;">',
    );
  });

  it('names where gtag.js loads from only when a measurement id is configured', () => {
    const page = { sessionId: 's', xsrfToken: 't', lang: 'en', answers: {}, openIdEnabled: false };
    expect(renderShell(template, page)).not.toContain('analytics-script');
    expect(renderShell(template, { ...page, analyticsScriptUrl: 'http://127.0.0.1:4174/gtag/js?x="1"' })).toContain(
      '<meta name="analytics-script" content="http://127.0.0.1:4174/gtag/js?x=&quot;1&quot;">',
    );
  });

  it('cannot be broken out of by data that contains markup', () => {
    const html = renderShell(template, {
      sessionId: 's',
      xsrfToken: 't',
      lang: 'en',
      answers: { [preloadedPaths.info]: { announcementBannerContentHTML: '</script><script>alert(1)</script>' } },
      openIdEnabled: false,
    });
    expect(html).not.toContain('</script><script>alert(1)');
    const json = html.match(/<script type="application\/json" id="preloaded-data">(.*?)<\/script>/s)![1]!;
    expect(JSON.parse(json)['/api/v2/info'].announcementBannerContentHTML).toBe('</script><script>alert(1)</script>');
  });

  it("names each answer by its call's path, the storefront's query key", () => {
    expect([preloadedPaths.languages, preloadedPaths.event('x-2030'), preloadedPaths.ticketCategories('x-2030')]).toEqual([
      '/api/v2/public/i18n/languages',
      '/api/v2/public/event/x-2030',
      '/api/v2/public/event/x-2030/ticket-categories',
    ]);
  });
});
