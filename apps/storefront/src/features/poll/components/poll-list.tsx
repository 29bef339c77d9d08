import { Link } from '@tanstack/react-router';
import { useGetEventPolls } from '@ticketing/api-client';
import { useEffect, useRef } from 'react';
import { useLocalized, useTranslate } from '../../i18n';
import { pollRefusalOf } from '../poll-errors';
import { pollQueryOptions } from '../poll-queries';
import { PollFailure, PollLoading } from './poll-status';

interface Props {
  readonly eventShortName: string;
  readonly pin: string;
  readonly contentLanguages: readonly { locale: string }[];
  readonly onPinRefused: (message: string) => void;
  readonly onOtherPin: () => void;
  /** The heading takes the focus once the list shows (a PIN was just accepted: the form the focus was in is gone). */
  readonly focusHeading?: boolean;
}

/** The event's open polls for this PIN, in the organizer's order, each a link to answer it. */
export function PollList({ eventShortName, pin, contentLanguages, onPinRefused, onOtherPin, focusHeading = false }: Props) {
  const t = useTranslate();
  const localize = useLocalized();
  const polls = useGetEventPolls(eventShortName, { pin }, pollQueryOptions);
  const refusal = polls.isError ? pollRefusalOf(polls.error) : null;
  const refusedPin = refusal?.kind === 'pin' ? refusal.message : null;

  useEffect(() => {
    if (refusedPin) onPinRefused(refusedPin);
  }, [refusedPin, onPinRefused]);
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = polls.isSuccess;
  useEffect(() => {
    if (focusHeading && shown) heading.current?.focus();
  }, [focusHeading, shown]);

  if (polls.isPending) return <PollLoading />;
  if (refusal) return refusal.kind === 'pin' ? null : <PollFailure message={refusal.kind === 'not-found' ? 'poll.not-found' : 'poll.failed'} onRetry={refusal.kind === 'failed' ? () => void polls.refetch() : undefined} />;

  const open = [...(polls.data?.data.value ?? [])].sort((a, b) => a.order - b.order);
  return (
    <section className="poll-list" aria-labelledby="poll-list-heading">
      <h2 id="poll-list-heading" ref={heading} tabIndex={-1}>
        {t('poll.select')}
      </h2>
      {open.length === 0 ? (
        <p className="notice">{t('poll.none-open')}</p>
      ) : (
        <ul className="poll-list__items">
          {open.map((poll) => {
            const description = localize(poll.description, contentLanguages);
            return (
              <li key={poll.id} className="poll-list__item">
                <Link to="/event/$eventShortName/poll/{-$pollId}" params={{ eventShortName, pollId: String(poll.id) }} className="poll-list__link">
                  {localize(poll.title, contentLanguages)}
                </Link>
                {description ? <p className="poll-list__description">{description}</p> : null}
              </li>
            );
          })}
        </ul>
      )}
      <p>
        <button type="button" className="button button--secondary" onClick={onOtherPin}>
          {t('poll.other-pin')}
        </button>
      </p>
    </section>
  );
}
