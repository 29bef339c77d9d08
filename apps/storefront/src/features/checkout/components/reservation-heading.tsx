import { useTranslate } from '../../i18n';

interface Props {
  /** The step's name (the page's h1). */
  readonly title: string;
  readonly eventTitle: string;
  /** The reservation's short id, shown upper-cased (spec 9). */
  readonly shortId: string;
}

/** The heading of a checkout step: the step, then the event and the reservation number under it. */
export function ReservationHeading({ title, eventTitle, shortId }: Props) {
  const t = useTranslate();
  return (
    <header className="checkout-heading">
      <h1>{title}</h1>
      <p className="checkout-heading__event">{eventTitle}</p>
      <p className="checkout-heading__id">{t('reservation-page-error-status.your-reservation-identifier', shortId.toUpperCase())}</p>
    </header>
  );
}
