import { describe, expect, it } from 'vitest';
import { renderShell } from './render-shell.js';

const template = '<!doctype html><html lang="en"><head><title>x</title></head><body><div id="root"></div></body></html>';

describe('renderShell', () => {
  it('preloads the data and tokens and sets the page language', () => {
    const html = renderShell(template, {
      sessionId: 'abc',
      xsrfToken: 'tok"en',
      data: { info: { devModeEnabled: true }, lang: 'de', bundle: { 'common.or': 'oder' }, languages: [] },
    });
    expect(html).toContain('<html lang="de">');
    expect(html).toContain('<meta name="GID" content="abc">');
    expect(html).toContain('<meta name="XSRF_TOKEN" content="tok&quot;en">');
    const json = html.match(/<script type="application\/json" id="preloaded-data">(.*?)<\/script>/s)![1]!;
    expect(JSON.parse(json)).toMatchObject({ lang: 'de', bundle: { 'common.or': 'oder' } });
  });

  it('cannot be broken out of by data that contains markup', () => {
    const html = renderShell(template, {
      sessionId: 's',
      xsrfToken: 't',
      data: { info: { announcementBannerContentHTML: '</script><script>alert(1)</script>' }, lang: 'en', bundle: {}, languages: [] },
    });
    expect(html).not.toContain('</script><script>alert(1)');
    const json = html.match(/<script type="application\/json" id="preloaded-data">(.*?)<\/script>/s)![1]!;
    expect(JSON.parse(json).info.announcementBannerContentHTML).toBe('</script><script>alert(1)</script>');
  });
});
