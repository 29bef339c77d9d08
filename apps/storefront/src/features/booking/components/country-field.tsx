import type { KeyboardEvent } from 'react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslate } from '../../i18n';
import { MOBILE_QUERY, useMediaQuery } from '../hooks/use-media-query';
import type { FieldError } from '../model/field-names';
import { describedBy, FieldErrorText, RequiredMark } from './field-parts';
import '../booking.css';

/** An entry of the countries endpoints (`LocalizedCountry`). */
export interface Country {
  readonly isoCode: string;
  readonly name: string;
}

export interface CountryFieldProps {
  readonly id: string;
  readonly name: string;
  readonly label: string;
  /** The ISO code chosen, '' for none. */
  readonly value: string;
  readonly countries: readonly Country[];
  readonly onChange: (isoCode: string) => void;
  readonly error: FieldError | undefined;
  readonly required?: boolean;
  readonly readOnly?: boolean;
  /** Force the native select (true) or the searchable one (false); by default native under 767 px (spec 9). */
  readonly native?: boolean;
}

/**
 * The country of the billing address (spec 2): a searchable select, a native select on mobile where the
 * platform's picker serves better. The searchable one is the ARIA 1.2 combobox with a list: type to filter,
 * arrows to move, Enter to choose, Escape to close.
 */
export function CountryField(props: CountryFieldProps) {
  const mobile = useMediaQuery(MOBILE_QUERY);
  return (props.native ?? mobile) ? <NativeCountrySelect {...props} /> : <CountryCombobox {...props} />;
}

function NativeCountrySelect({ id, name, label, value, countries, onChange, error, required, readOnly }: CountryFieldProps) {
  const t = useTranslate();
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        <RequiredMark required={required} />
      </label>
      <select
        id={id}
        name={name}
        value={value}
        required={required}
        disabled={readOnly}
        autoComplete="country"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error && errorId)}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{t('reservation-page.country.select')}</option>
        {countries.map((c) => (
          <option key={c.isoCode} value={c.isoCode}>
            {c.name}
          </option>
        ))}
      </select>
      <FieldErrorText id={errorId} error={error} />
    </div>
  );
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

function CountryCombobox({ id, name, label, value, countries, onChange, error, required, readOnly }: CountryFieldProps) {
  const t = useTranslate();
  const selectedName = countries.find((c) => c.isoCode === value)?.name ?? '';
  const [text, setText] = useState(selectedName);
  const [filter, setFilter] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = `${id}-listbox`;
  const errorId = `${id}-error`;
  const optionId = (index: number) => `${id}-option-${index}`;

  // A value set from outside (profile prefill, reset) shows in the box unless the visitor is typing.
  useEffect(() => {
    if (filter === null) setText(selectedName);
  }, [selectedName, filter]);

  const options = useMemo(() => {
    if (!filter) return countries;
    const wanted = fold(filter);
    return countries.filter((c) => fold(c.name).includes(wanted) || c.isoCode.toLowerCase() === wanted);
  }, [countries, filter]);

  useEffect(() => {
    if (open && active >= 0) document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
  });

  const close = () => {
    setOpen(false);
    setActive(-1);
    setFilter(null);
  };

  const choose = (country: Country | undefined) => {
    close();
    setText(country?.name ?? '');
    onChange(country?.isoCode ?? '');
  };

  const openAt = (index: number) => {
    setOpen(true);
    setActive(index);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (readOnly) return;
    const last = options.length - 1;
    const selectedIndex = options.findIndex((c) => c.isoCode === value);
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openAt(event.altKey ? -1 : Math.max(selectedIndex, 0));
        else setActive((i) => (i >= last ? 0 : i + 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) openAt(selectedIndex >= 0 ? selectedIndex : last);
        else setActive((i) => (i <= 0 ? last : i - 1));
        break;
      case 'Enter':
        if (open) {
          // Enter chooses; it must not submit the booking form.
          event.preventDefault();
          if (active >= 0) choose(options[active]);
          else close();
        }
        break;
      case 'Escape':
        if (open) {
          event.preventDefault();
          close();
          setText(selectedName);
        }
        break;
      default:
    }
  };

  const onBlur = () => {
    if (!open && filter === null) return;
    const typed = fold(text);
    if (typed === '') return choose(undefined);
    const exact = countries.find((c) => fold(c.name) === typed || c.isoCode.toLowerCase() === typed);
    if (exact) return choose(exact);
    close();
    setText(selectedName);
  };

  return (
    <div className="field combobox">
      <label htmlFor={id}>
        {label}
        <RequiredMark required={required} />
      </label>
      <input
        id={id}
        name={`${name}-search`}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(error && errorId)}
        required={required}
        readOnly={readOnly}
        placeholder={t('reservation-page.country.search')}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setFilter(e.target.value);
          openAt(e.target.value.trim() ? 0 : -1);
        }}
        onClick={() => (readOnly || open ? undefined : openAt(-1))}
        onKeyDown={onKeyDown}
        onBlur={onBlur}
      />
      {/* The chosen ISO code, sent with a native form submit. */}
      <input type="hidden" name={name} value={value} />
      <ul id={listId} role="listbox" aria-label={label} className="combobox__list" hidden={!open || options.length === 0}>
        {open
          ? options.map((c, index) => (
              <li
                key={c.isoCode}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className={`combobox__option${index === active ? ' combobox__option--active' : ''}${c.isoCode === value ? ' combobox__option--chosen' : ''}`}
                // Keep the focus in the box: the click chooses, the blur must not close the list first.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(c)}
              >
                {c.name}
              </li>
            ))
          : null}
      </ul>
      {open && options.length === 0 ? (
        <p className="combobox__empty" role="status">
          {t('common.no-results')}
        </p>
      ) : null}
      <FieldErrorText id={errorId} error={error} />
    </div>
  );
}
