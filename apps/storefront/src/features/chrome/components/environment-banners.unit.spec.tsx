import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/test-context';
import { EnvironmentBanners } from './environment-banners';
import { SiteFooter } from './site-footer';

describe('environment banners', () => {
  afterEach(cleanup);

  it('shows the dev-mode banner, which can be closed', () => {
    renderWithProviders(<EnvironmentBanners devModeEnabled prodModeEnabled={false} secure={false} />);
    expect(screen.getByText('This site is running in development mode.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss development mode notice' }));
    expect(screen.queryByText('This site is running in development mode.')).toBeNull();
  });

  it('warns about production without https only', () => {
    const insecure = /production mode without HTTPS/;
    const { rerender } = renderWithProviders(<EnvironmentBanners devModeEnabled={false} prodModeEnabled secure={false} />);
    expect(screen.getByText(insecure)).toBeTruthy();
    rerender(<EnvironmentBanners devModeEnabled={false} prodModeEnabled secure />);
    expect(screen.queryByText(insecure)).toBeNull();
  });

  it('shows nothing in plain production over https', () => {
    const { container } = renderWithProviders(<EnvironmentBanners devModeEnabled={false} prodModeEnabled secure />);
    expect(container.textContent).toBe('');
  });
});

describe('footer', () => {
  afterEach(cleanup);

  it('links terms and privacy when configured, opening a new tab safely', () => {
    renderWithProviders(<SiteFooter termsUrl="https://example.org/terms" privacyUrl="https://example.org/privacy" />);
    const terms = screen.getByRole('link', { name: 'terms and conditions' });
    expect(terms.getAttribute('href')).toBe('https://example.org/terms');
    expect(terms.getAttribute('rel')).toBe('noopener noreferrer');
    expect(screen.getByRole('link', { name: 'privacy policy' }).getAttribute('href')).toBe('https://example.org/privacy');
  });

  it('shows only what is configured, and no footer at all without links', () => {
    const { unmount } = renderWithProviders(<SiteFooter termsUrl={null} privacyUrl="https://example.org/privacy" />);
    expect(screen.getAllByRole('link')).toHaveLength(1);
    unmount();
    renderWithProviders(<SiteFooter termsUrl={null} privacyUrl={null} />);
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });
});
