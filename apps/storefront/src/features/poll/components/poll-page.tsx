import { useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useEventSuspense } from '../../../api/catalog-queries';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useLocalized, useTranslate } from '../../i18n';
import { forgetPollPin, rememberPollPin, storedPollPin } from '../poll-pin';
import { pollNumber } from '../poll-queries';
import pollStyles from '../poll.css?inline';
import { PinForm } from './pin-form';
import { PollList } from './poll-list';
import { PollFailure } from './poll-status';
import { BackToList, PollVote } from './poll-vote';

interface Props {
  readonly eventShortName: string;
  /** The poll to answer; none: the event's open polls. */
  readonly pollId: string | undefined;
}

/**
 * The poll area (alf.io's attendee polls, reference 3.7): an attendee whose ticket was checked in gives the PIN of
 * that ticket, sees the event's open polls and answers one. The PIN is kept for the tab, so each poll opens without
 * it; a PIN the server refuses brings the form back with the reason.
 */
export function PollPage({ eventShortName, pollId }: Props) {
  const t = useTranslate();
  const localize = useLocalized();
  const event = useEventSuspense(eventShortName);
  const eventTitle = localize(event.title, event.contentLanguages) || event.displayName;
  // a ticket's page hands its PIN over in the history state; kept for the tab from then on
  const handed = useRouterState({ select: (state) => state.location.state.pollPin });
  const [pin, setPin] = useState(() => {
    if (handed) rememberPollPin(eventShortName, handed);
    return storedPollPin(eventShortName);
  });
  const [pinError, setPinError] = useState<string | null>(null);
  // where the focus goes when the area's content changes without a new page: the list's or the poll's heading once
  // a PIN is accepted, the PIN field once the attendee asks to give another
  const [focus, setFocus] = useState<'content' | 'pin' | null>(null);
  // taken once: Back or a reload must not bring it again over a PIN typed since (or one the server refused)
  useEffect(() => {
    if (!handed) return;
    const { pollPin: _taken, ...rest } = (window.history.state ?? {}) as Record<string, unknown>;
    window.history.replaceState(rest, '');
  }, [handed]);
  useDocumentTitle(t('poll.page.title', eventTitle));
  const number = pollId === undefined ? null : pollNumber(pollId);

  const refusePin = (message: string) => {
    forgetPollPin(eventShortName);
    setPin(null);
    setPinError(message);
  };
  const usePin = (accepted: string) => {
    rememberPollPin(eventShortName, accepted);
    setPin(accepted);
    setPinError(null);
    setFocus('content');
  };
  const otherPin = () => {
    forgetPollPin(eventShortName);
    setPin(null);
    setFocus('pin');
  };

  return (
    <article className="poll-page">
      {/* The area's style sheet goes with its chunk, as text that React puts in the head once: a file of its own would be
          one more name in the entry's table of chunks, which every visitor loads (19 B of gzip, 2026-11-27). */}
      <style href="storefront-poll" precedence="default">
        {pollStyles}
      </style>
      <header>
        <h1>{t('poll.page.title', eventTitle)}</h1>
      </header>
      {pin === null ? (
        <PinForm eventShortName={eventShortName} error={pinError} onAccepted={usePin} autoFocus={focus === 'pin'} />
      ) : pollId === undefined ? (
        <PollList eventShortName={eventShortName} pin={pin} contentLanguages={event.contentLanguages} onPinRefused={refusePin} onOtherPin={otherPin} focusHeading={focus === 'content'} />
      ) : number === null ? (
        <>
          <PollFailure message="poll.not-found" />
          <BackToList eventShortName={eventShortName} />
        </>
      ) : (
        <PollVote eventShortName={eventShortName} pollId={number} pin={pin} contentLanguages={event.contentLanguages} onPinRefused={refusePin} focusHeading={focus === 'content'} />
      )}
    </article>
  );
}
