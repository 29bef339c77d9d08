import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import type { OrderGroup } from '../../../api/user-queries';
import { userOrdersQueryOptions } from '../../../api/user-queries';
import { reservationPageHref } from '../../../app/purchase-context';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { pickLocalizedWithLanguage, useLanguage, useLocalized, useTranslate } from '../../i18n';
import { itemNames, orderState, orderTotal, shortOrderId } from '../model/order-rows';
import '../account.css';

/** Spec 2, My orders: the signed-in user's orders per purchase context, newest first, and the way home. */
export function MyOrdersPage() {
  const t = useTranslate();
  const groups = useSuspenseQuery(userOrdersQueryOptions()).data;
  useDocumentTitle(t('my-orders.title'));
  return (
    <div className="account-page">
      <h1>{t('my-orders.title')}</h1>
      <p className="account-page__intro">{t('my-orders.description')}</p>
      {groups.length === 0 ? (
        <p className="notice notice--info">{t('my-orders.no-orders')}</p>
      ) : (
        groups.map((group) => <OrderGroupSection key={`${group.type}/${group.publicIdentifier}`} group={group} />)
      )}
      <Link to="/" className="back-link">
        {t('to-home')}
      </Link>
    </div>
  );
}

function OrderGroupSection({ group }: { group: OrderGroup }) {
  const t = useTranslate();
  const localize = useLocalized();
  const lang = useLanguage();
  const headingId = useId();
  // a title in another language than the page's says which, for screen readers
  const localized = pickLocalizedWithLanguage(group.title, lang);
  const title = localized.text || group.publicIdentifier;
  const starts = localize(group.formattedStartDate);
  return (
    <section className="account-card" aria-labelledby={headingId}>
      <h2 id={headingId} lang={localized.text ? localized.lang : undefined}>
        {title}
      </h2>
      {starts ? <p className="account-card__meta">{t('my-orders.starts-on', starts)}</p> : null}
      <div className="orders-table__scroll">
        <table className="orders-table" aria-labelledby={headingId}>
          <thead>
            <tr>
              <th scope="col">{t('my-orders.id')}</th>
              <th scope="col">{t('my-orders.status')}</th>
              <th scope="col">{t('my-orders.confirmation-date')}</th>
              <th scope="col">{t('my-orders.items')}</th>
              <th scope="col" className="orders-table__amount">
                {t('my-orders.total-amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {group.reservations.map((order) => {
              const state = orderState(order);
              const total = orderTotal(order);
              return (
                <tr key={order.id}>
                  <td data-label={t('my-orders.id')}>
                    <Link to={reservationPageHref({ type: group.type, id: group.publicIdentifier }, order.id, 'book')} className="orders-table__id">
                      {shortOrderId(order.id)}
                    </Link>
                  </td>
                  <td data-label={t('my-orders.status')}>
                    <span className={`order-status order-status--${state}`}>
                      <span className="order-status__icon" aria-hidden="true">
                        {state === 'complete' ? '✓' : '◷'}
                      </span>
                      {t(`my-orders.status.${state}`)}
                    </span>
                  </td>
                  <td data-label={t('my-orders.confirmation-date')}>{localize(order.formattedConfirmedOn) || '—'}</td>
                  <td data-label={t('my-orders.items')}>
                    <ul className="orders-table__items">
                      {itemNames(group, order, localize).map((name, i) => (
                        <li key={i}>{name}</li>
                      ))}
                    </ul>
                  </td>
                  <td data-label={t('my-orders.total-amount')} className="orders-table__amount">
                    {total ?? t('common.free')}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
