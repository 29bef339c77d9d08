import { useEffect, useRef, useState } from 'react';
import { fillMarkers, useTranslate } from '../../i18n';
import type { CountdownLevel } from '../model/countdown';
import { countdownLevel, countdownParts } from '../model/countdown';
import '../booking.css';

export interface ValidityCountdownProps {
  /** When the reservation expires (epoch ms; the reservation's `validity`). */
  readonly expiresAt: number;
  /** The clock (epoch ms); tests pass their own. */
  readonly now?: () => number;
  /** Called once, when less than a second is left (spec 4): the page then disables continue and opens the modal. */
  readonly onExpired?: () => void;
}

const TICK_MS = 1000;

/**
 * The expiry banner of the booking and overview steps (spec 4, 9): the time left in words; warning style
 * under 5 minutes, danger under 1 minute, sticky at the top from 5 minutes; at under a second the expired
 * message. The ticking text is a role="timer" (not live: a reading every second would drown everything
 * else); a separate polite status speaks only when a threshold is crossed. While it sticks, the page's
 * scroll-padding-top is its height, so that a field the focus scrolls to is not hidden under it (WCAG 2.4.11).
 */
export function ValidityCountdown({ expiresAt, now = Date.now, onExpired }: ValidityCountdownProps) {
  const t = useTranslate();
  const [remaining, setRemaining] = useState(() => expiresAt - now());
  const level = countdownLevel(remaining);
  const expiredRef = useRef(false);
  const onExpiredRef = useRef(onExpired);
  onExpiredRef.current = onExpired;
  const nowRef = useRef(now);
  nowRef.current = now;

  useEffect(() => {
    setRemaining(expiresAt - nowRef.current());
    if (countdownLevel(expiresAt - nowRef.current()) === 'expired') return;
    const timer = setInterval(() => {
      const left = expiresAt - nowRef.current();
      setRemaining(left);
      if (countdownLevel(left) === 'expired') clearInterval(timer);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [expiresAt]);

  useEffect(() => {
    if (level === 'expired' && !expiredRef.current) {
      expiredRef.current = true;
      onExpiredRef.current?.();
    }
    if (level !== 'expired') expiredRef.current = false;
  }, [level]);

  const text = useCountdownText(remaining, level);
  const announcement = useThresholdAnnouncement(level, text);
  const sticky = level !== 'normal';
  const bannerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const banner = bannerRef.current;
    if (!sticky || !banner) return;
    const page = document.documentElement.style;
    // its height changes with the text's wrapping (the time left, the viewport's width)
    const fit = () => page.setProperty('scroll-padding-top', `${banner.offsetHeight}px`);
    const observer = new ResizeObserver(fit);
    fit();
    observer.observe(banner);
    return () => {
      observer.disconnect();
      page.removeProperty('scroll-padding-top');
    };
  }, [sticky]);

  return (
    <div ref={bannerRef} className={`countdown countdown--${level}${sticky ? ' countdown--sticky' : ''}`}>
      <p className="countdown__text" role="timer" aria-label={t('a11y.countdown')} aria-live="off">
        {text}
      </p>
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}

function useCountdownText(remaining: number, level: CountdownLevel): string {
  const t = useTranslate();
  if (level === 'expired') return t('error.STEP_2_ORDER_HAS_EXPIRED');
  const words = countdownParts(remaining).map(({ unit, value }) => t(`countdown.${unit}.${value === 1 ? 'one' : 'other'}`, value));
  const and = t('reservation-page.time-for-completion.labels.and');
  const joined = words.length > 1 ? `${words.slice(0, -1).join(', ')} ${and} ${words.at(-1)}` : (words[0] ?? '');
  // alf.io's convention for this key: its client replaces the literal ##time## itself (no {{0}} placeholder).
  return fillMarkers(t('reservation-page.time-for-completion'), { time: joined });
}

/** The text at the moment the level last changed (not on first render, and not on every tick). */
function useThresholdAnnouncement(level: CountdownLevel, text: string): string {
  const [announcement, setAnnouncement] = useState('');
  const previous = useRef(level);
  const textRef = useRef(text);
  textRef.current = text;
  useEffect(() => {
    if (previous.current === level) return;
    previous.current = level;
    setAnnouncement(textRef.current);
  }, [level]);
  return announcement;
}
