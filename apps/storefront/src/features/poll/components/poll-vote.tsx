import { Link } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { getGetEventPollQueryKey, useAnswerEventPoll, useGetEventPoll } from '@ticketing/api-client';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocalized, useTranslate } from '../../i18n';
import { pollRefusalOf } from '../poll-errors';
import { pollQueryOptions } from '../poll-queries';
import { PollFailure, PollLoading } from './poll-status';

interface Props {
  readonly eventShortName: string;
  readonly pollId: number;
  readonly pin: string;
  readonly contentLanguages: readonly { locale: string }[];
  readonly onPinRefused: (message: string) => void;
  /** The poll's heading takes the focus once it shows (a PIN was just accepted). */
  readonly focusHeading?: boolean;
}

/**
 * One poll: its question and its options as a radio group; the answer is sent with the PIN. The server keeps the
 * latest answer of a ticket, so after the thanks the attendee may answer again.
 */
export function PollVote({ eventShortName, pollId, pin, contentLanguages, onPinRefused, focusHeading = false }: Props) {
  const t = useTranslate();
  const localize = useLocalized();
  const id = useId();
  const poll = useGetEventPoll(eventShortName, pollId, { pin }, pollQueryOptions);
  const queryClient = useQueryClient();
  const answer = useAnswerEventPoll();
  const [chosen, setChosen] = useState<number | null>(null);
  const [missing, setMissing] = useState(false);
  const [voted, setVoted] = useState<number | null>(null);
  const [revoting, setRevoting] = useState(false);
  const thanks = useRef<HTMLHeadingElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const firstOption = useRef<HTMLInputElement>(null);

  const loadRefusal = poll.isError ? pollRefusalOf(poll.error) : null;
  const answerRefusal = answer.isError ? pollRefusalOf(answer.error) : null;
  const refusedPin = loadRefusal?.kind === 'pin' ? loadRefusal.message : answerRefusal?.kind === 'pin' ? answerRefusal.message : null;

  useEffect(() => {
    if (refusedPin) onPinRefused(refusedPin);
  }, [refusedPin, onPinRefused]);
  useEffect(() => {
    if (voted !== null) thanks.current?.focus();
  }, [voted]);
  const shown = poll.isSuccess;
  useEffect(() => {
    if (focusHeading && shown) heading.current?.focus();
  }, [focusHeading, shown]);
  // "change your vote": the thanks (and the button pressed) are gone; the focus goes to the answer given
  useEffect(() => {
    if (!revoting) return;
    setRevoting(false);
    (document.getElementById(`${id}-option-${chosen}`) ?? firstOption.current)?.focus();
  }, [revoting, id, chosen]);

  if (poll.isPending) return <PollLoading />;
  if (loadRefusal) {
    if (loadRefusal.kind === 'pin') return null;
    return (
      <>
        <PollFailure message={loadRefusal.kind === 'not-found' ? 'poll.not-found' : 'poll.failed'} onRetry={loadRefusal.kind === 'failed' ? () => void poll.refetch() : undefined} />
        <BackToList eventShortName={eventShortName} />
      </>
    );
  }

  const found = poll.data?.data.value;
  if (!found) return <PollFailure message="poll.failed" onRetry={() => void poll.refetch()} />;
  const { poll: question, options } = found;
  const title = localize(question.title, contentLanguages);
  const description = localize(question.description, contentLanguages);
  const optionTitle = (optionId: number | null) => localize(options.find((o) => o.id === optionId)?.title ?? {}, contentLanguages);

  if (voted !== null) {
    return (
      <section className="poll-vote poll-vote--done notice notice--success" aria-labelledby={`${id}-thanks`}>
        <h2 id={`${id}-thanks`} ref={thanks} tabIndex={-1}>
          {t('poll.vote-recorded')}
        </h2>
        <p>{t('poll.your-answer', optionTitle(voted))}</p>
        <p className="poll-vote__actions">
          <BackToList eventShortName={eventShortName} />
          <button
            type="button"
            className="button button--secondary"
            onClick={() => {
              setVoted(null);
              setRevoting(true);
            }}
          >
            {t('poll.vote-again')}
          </button>
        </p>
      </section>
    );
  }

  const answerError = answerRefusal && answerRefusal.kind !== 'pin' ? { option: 'poll.option-gone', 'not-found': 'poll.not-found', failed: 'poll.failed' }[answerRefusal.kind] : null;
  const message = missing ? 'poll.choose-an-answer' : answerError;
  const errorId = `${id}-error`;

  return (
    <section className="poll-vote" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={heading} tabIndex={-1}>
        {title}
      </h2>
      {description ? <p className="poll-vote__description">{description}</p> : null}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (answer.isPending) return;
          if (chosen === null) {
            setMissing(true);
            firstOption.current?.focus();
            return;
          }
          answer.mutate(
            { eventName: eventShortName, pollId, data: { pin, optionId: chosen } },
            {
              onSuccess: () => setVoted(chosen),
              // an option taken away or a poll closed meanwhile: the poll is read again, not offered as it was
              onError: (error) => {
                const kind = pollRefusalOf(error).kind;
                if (kind === 'option' || kind === 'not-found') void queryClient.invalidateQueries({ queryKey: getGetEventPollQueryKey(eventShortName, pollId, { pin }) });
              },
            },
          );
        }}
      >
        <fieldset className="poll-vote__options" aria-describedby={message ? errorId : undefined}>
          <legend>{t('poll.your-choice')}</legend>
          {options.map((option, index) => {
            const optionDescription = localize(option.description, contentLanguages);
            const inputId = `${id}-option-${option.id}`;
            return (
              <div key={option.id} className="poll-vote__option">
                <input
                  ref={index === 0 ? firstOption : undefined}
                  id={inputId}
                  type="radio"
                  name="optionId"
                  value={option.id}
                  checked={chosen === option.id}
                  aria-describedby={optionDescription ? `${inputId}-description` : undefined}
                  onChange={() => {
                    setChosen(option.id);
                    setMissing(false);
                    answer.reset();
                  }}
                />
                <label htmlFor={inputId}>{localize(option.title, contentLanguages)}</label>
                {optionDescription ? (
                  <p id={`${inputId}-description`} className="poll-vote__option-description">
                    {optionDescription}
                  </p>
                ) : null}
              </div>
            );
          })}
        </fieldset>
        <p id={errorId} className="field-error" role="alert">
          {message ? t(message) : null}
        </p>
        <p className="poll-vote__actions">
          <button type="submit" className="button" disabled={answer.isPending} aria-busy={answer.isPending || undefined}>
            {t('poll.vote-button')}
          </button>
          <BackToList eventShortName={eventShortName} />
        </p>
      </form>
    </section>
  );
}

export function BackToList({ eventShortName }: { readonly eventShortName: string }) {
  const t = useTranslate();
  return (
    <Link to="/event/$eventShortName/poll/{-$pollId}" params={{ eventShortName, pollId: undefined }} className="poll-vote__back">
      {t('poll.back-to-list')}
    </Link>
  );
}
