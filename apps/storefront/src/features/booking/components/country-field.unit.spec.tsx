import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/test-context';
import { COUNTRIES } from '../booking-fixtures';
import { CountryField } from './country-field';

function Harness({ initial = '', native, onChange }: { initial?: string; native?: boolean; onChange?: (code: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <CountryField
        id="country"
        name="vatCountryCode"
        label="Country"
        value={value}
        countries={COUNTRIES}
        required
        native={native}
        error={undefined}
        onChange={(code) => {
          setValue(code);
          onChange?.(code);
        }}
      />
      <button type="button">elsewhere</button>
    </>
  );
}

const box = () => screen.getByRole('combobox', { name: /Country/ }) as HTMLInputElement;
const key = (k: string, init: Record<string, unknown> = {}) => fireEvent.keyDown(box(), { key: k, ...init });
const options = () => within(screen.getByRole('listbox', { hidden: true })).queryAllByRole('option', { hidden: true });

describe('country field: searchable select (ARIA 1.2 combobox)', () => {
  afterEach(cleanup);

  it('is a labelled combobox controlling a listbox, closed at first, showing the chosen name', () => {
    renderWithProviders(<Harness initial="CH" />);
    expect(box().value).toBe('Switzerland');
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect(box().getAttribute('aria-autocomplete')).toBe('list');
    expect(screen.getByRole('listbox', { hidden: true }).id).toBe(box().getAttribute('aria-controls'));
  });

  it('filters while typing, ignoring case and accents, and chooses with the arrows and Enter', () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    fireEvent.change(box(), { target: { value: 'reu' } });
    expect(box().getAttribute('aria-expanded')).toBe('true');
    expect(options().map((o) => o.textContent)).toEqual(['Réunion']);

    fireEvent.change(box(), { target: { value: 'a' } });
    expect(options().map((o) => o.textContent)).toEqual(['Austria', 'Switzerland', 'Germany', 'Italy']);
    expect(box().getAttribute('aria-activedescendant')).toBe(options()[0]!.id);
    key('ArrowDown');
    key('ArrowDown');
    expect(box().getAttribute('aria-activedescendant')).toBe(options()[2]!.id);
    expect(options()[2]!.getAttribute('aria-selected')).toBe('true');
    key('ArrowUp');
    key('Enter');
    expect(onChange).toHaveBeenLastCalledWith('CH');
    expect(box().value).toBe('Switzerland');
    expect(box().getAttribute('aria-expanded')).toBe('false');
  });

  it('opens on ArrowDown at the chosen country, wraps around, and Escape closes without changing', () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness initial="IT" onChange={onChange} />);
    key('ArrowDown');
    expect(box().getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById(box().getAttribute('aria-activedescendant')!)!.textContent).toBe('Italy');
    key('ArrowDown');
    key('ArrowDown');
    expect(document.getElementById(box().getAttribute('aria-activedescendant')!)!.textContent).toBe('Austria');
    key('Escape');
    expect(box().getAttribute('aria-expanded')).toBe('false');
    expect(box().value).toBe('Italy');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('does not submit the form with Enter while the list is open', () => {
    renderWithProviders(<Harness />);
    fireEvent.change(box(), { target: { value: 'ger' } });
    const event = new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true });
    box().dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
  });

  it('chooses with a click, takes an exact name typed out on leaving, and restores anything else', () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness initial="AT" onChange={onChange} />);
    fireEvent.click(box());
    fireEvent.click(screen.getByRole('option', { name: 'Germany' }));
    expect(onChange).toHaveBeenLastCalledWith('DE');

    fireEvent.change(box(), { target: { value: 'italy' } });
    fireEvent.blur(box());
    expect(onChange).toHaveBeenLastCalledWith('IT');
    expect(box().value).toBe('Italy');

    fireEvent.change(box(), { target: { value: 'Atlantis' } });
    expect(screen.getByRole('status').textContent).toBe('No results');
    fireEvent.blur(box());
    expect(box().value).toBe('Italy');
    expect(onChange).toHaveBeenCalledTimes(2);
  });

  it('is a native select under 767 px (or when asked), with the same label', () => {
    renderWithProviders(<Harness native initial="DE" />);
    const select = screen.getByRole('combobox', { name: /Country/ }) as HTMLSelectElement;
    expect(select.tagName).toBe('SELECT');
    expect(select.value).toBe('DE');
    fireEvent.change(select, { target: { value: 'IT' } });
    expect(select.value).toBe('IT');
  });

  it('follows the mobile media query by default', () => {
    const matchMedia = vi.fn((query: string) => ({ matches: query === '(max-width: 767px)', addEventListener: vi.fn(), removeEventListener: vi.fn() }));
    vi.stubGlobal('matchMedia', matchMedia);
    try {
      renderWithProviders(<Harness />);
      expect(screen.getByRole('combobox', { name: /Country/ }).tagName).toBe('SELECT');
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
