import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { getGetEventPollsQueryOptions } from '@ticketing/api-client';
import { useTranslate } from '../../i18n';
import { pollRefusalOf } from '../poll-errors';
import { normalizePin } from '../poll-pin';
import { pollQueryOptions } from '../poll-queries';

interface Props {
  readonly eventShortName: string;
  /** Why the PIN given before was refused (a message key), or null. */
  readonly error: string | null;
  /** The PIN the server accepted (the open polls it shows are in the cache). */
  readonly onAccepted: (pin: string) => void;
  /** The field takes the focus when the form comes (the attendee asked to give another PIN). */
  readonly autoFocus?: boolean;
}

/**
 * The PIN of a checked-in ticket (its page shows it). The server checks it by listing the event's open polls; a
 * refusal is shown under the field in words, announced, and the field takes the focus again.
 */
export function PinForm({ eventShortName, error, onAccepted, autoFocus = false }: Props) {
  const t = useTranslate();
  const queryClient = useQueryClient();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [message, setMessage] = useState<string | null>(error);
  const [pending, setPending] = useState(false);
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;

  useEffect(() => {
    if (message) input.current?.focus();
  }, [message]);
  useEffect(() => {
    if (autoFocus) input.current?.focus();
    // only when the form comes
  }, []);

  const submit = async () => {
    const pin = normalizePin(value);
    // cleared first: the same refusal again is said again and takes the focus again
    setMessage(null);
    if (!pin) return setMessage('poll.pin.required');
    setPending(true);
    try {
      await queryClient.fetchQuery(getGetEventPollsQueryOptions(eventShortName, { pin }, pollQueryOptions));
      onAccepted(pin);
    } catch (refused) {
      const refusal = pollRefusalOf(refused);
      setMessage(refusal.kind === 'pin' ? refusal.message : refusal.kind === 'not-found' ? 'poll.not-found' : 'poll.failed');
      setPending(false);
    }
  };

  return (
    <form
      className="poll-pin"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!pending) void submit();
      }}
    >
      <div className="field">
        <label htmlFor={id}>{t('poll.enter-your-pin')}</label>
        <p id={hintId} className="poll-pin__hint">
          {t('poll.pin.hint')}
        </p>
        <input
          ref={input}
          id={id}
          name="pin"
          type="text"
          className="poll-pin__input"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          maxLength={20}
          value={value}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? `${errorId} ${hintId}` : hintId}
          onChange={(event) => {
            setValue(event.target.value);
            if (message) setMessage(null);
          }}
        />
        <p id={errorId} className="field-error" role="alert">
          {message ? t(message) : null}
        </p>
      </div>
      <button type="submit" className="button" disabled={pending} aria-busy={pending || undefined}>
        {t('common.continue')}
      </button>
    </form>
  );
}
