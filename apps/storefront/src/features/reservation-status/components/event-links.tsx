import { Link } from '@tanstack/react-router';
import { ExternalLink } from '../../../components/external-link';
import { useTranslate } from '../../i18n';

/** 'Buy other tickets' (the event page) and 'to the event site' (its website, when it has one). */
export function EventLinks({ eventShortName, websiteUrl }: { eventShortName: string; websiteUrl: string | null }) {
  const t = useTranslate();
  return (
    <div className="reservation-actions">
      <Link to="/event/$eventShortName" params={{ eventShortName }} activeOptions={{ exact: true }} className="button button--secondary">
        {t('buy-other-tickets')}
      </Link>
      {websiteUrl ? (
        <ExternalLink href={websiteUrl} className="button button--secondary">
          {t('to-event-site')}
        </ExternalLink>
      ) : null}
    </div>
  );
}
