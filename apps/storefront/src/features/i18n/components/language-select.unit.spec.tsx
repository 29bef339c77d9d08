import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestContext, renderWithProviders } from '../../../test/test-context';
import { languageAtom } from '../atoms';
import { LANGUAGE_STORAGE_KEY } from '../language-storage';
import { LanguageSelect } from './language-select';

describe('LanguageSelect', () => {
  beforeEach(() => {
    sessionStorage.clear();
    document.documentElement.lang = 'en';
  });
  afterEach(cleanup);

  it('is a labelled select offering the available languages, named in their own language', () => {
    renderWithProviders(<LanguageSelect />);
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(select).toHaveProperty('value', 'en');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['English', 'Deutsch', 'Italiano']);
    expect(screen.getByRole('option', { name: 'Deutsch' }).getAttribute('lang')).toBe('de');
  });

  it('changes the document language, the persisted choice and the texts', () => {
    const onChange = vi.fn();
    const { context } = renderWithProviders(<LanguageSelect onChange={onChange} />);

    fireEvent.change(screen.getByRole('combobox', { name: 'Language' }), { target: { value: 'de' } });

    expect(document.documentElement.lang).toBe('de');
    expect(sessionStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('de');
    expect(context.store.get(languageAtom)).toBe('de');
    expect(onChange).toHaveBeenCalledWith('de');
    expect(screen.getByRole('combobox', { name: 'Sprache' })).toHaveProperty('value', 'de');
  });

  it('offers only the given languages, and nothing when there is no choice to make', () => {
    const { unmount } = renderWithProviders(<LanguageSelect restrictTo={['EN', 'it']} />);
    expect(screen.getAllByRole('option').map((o) => o.getAttribute('value'))).toEqual(['en', 'it']);
    unmount();

    renderWithProviders(<LanguageSelect restrictTo={['de']} />, createTestContext({ lang: 'de' }));
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
