import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/test-context';
import { ANNOUNCEMENT_DISMISSED_KEY } from '../atoms';
import { AnnouncementBanner } from './announcement-banner';

const html = '<p>Early-bird sale: <a href="/event/demo">get tickets</a></p>';

describe('announcement banner', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it('shows the configured HTML in a labelled region', () => {
    renderWithProviders(<AnnouncementBanner html={html} />);
    const region = screen.getByRole('region', { name: 'Announcement' });
    expect(region.textContent).toContain('Early-bird sale');
    expect(screen.getByRole('link', { name: 'get tickets' }).getAttribute('href')).toBe('/event/demo');
  });

  it('remembers the dismissal in localStorage with the value "true"', () => {
    renderWithProviders(<AnnouncementBanner html={html} />);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss announcement' }));

    expect(screen.queryByRole('region', { name: 'Announcement' })).toBeNull();
    expect(localStorage.getItem(ANNOUNCEMENT_DISMISSED_KEY)).toBe('true');
  });

  it('stays hidden when it was dismissed before', () => {
    localStorage.setItem(ANNOUNCEMENT_DISMISSED_KEY, 'true');
    renderWithProviders(<AnnouncementBanner html={html} />);
    expect(screen.queryByRole('region', { name: 'Announcement' })).toBeNull();
  });

  it('renders nothing without content', () => {
    renderWithProviders(<AnnouncementBanner html={null} />);
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('drops active content from the HTML', () => {
    renderWithProviders(
      <AnnouncementBanner html={'<p onclick="x()">Hi <a href=" java\tscript:alert(1)">x</a><script>alert(1)</script></p>'} />,
    );
    const region = screen.getByRole('region', { name: 'Announcement' });
    expect(region.querySelector('script')).toBeNull();
    expect(region.querySelector('[onclick]')).toBeNull();
    expect(region.querySelector('a')?.hasAttribute('href')).toBe(false);
  });
});
