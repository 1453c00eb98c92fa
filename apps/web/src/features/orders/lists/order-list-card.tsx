import { Link } from 'react-router';
import {
  ORDER_STATUSES,
  isOrderCategory,
  orderStatusLabel,
  orderViewRoute,
  type OrderStatus,
} from '@careline/domain/orders';
import { useOrdersTranslate } from '@careline/i18n/orders';
import { useLingui } from '@careline/i18n/react';
// The order view's category icons (same feature), so a list card and its order look alike.
import { CategoryIcon } from '../view/category-icon.tsx';
import type { OrderListItem } from './order-list-documents.ts';
import { requestedTimeText } from './order-list-rules.ts';

type OrderListCardProps = {
  order: OrderListItem;
  /** The profile's name, when it is one of the account's. */
  patientName: string | null;
  hospitalName: string | null;
};

const isKnownStatus = (status: string): status is OrderStatus =>
  (ORDER_STATUSES as readonly string[]).includes(status);

function statusTone(status: string): 'success' | 'danger' | 'info' {
  if (status === 'completed') {
    return 'success';
  }
  return status === 'canceled' ? 'danger' : 'info';
}

/**
 * An order in a list (spec doc 3 §2 Order lists): the category header, the order number, the
 * patient, when it was requested, the status and the hospital; it opens /order/view?orderId=….
 */
export function OrderListCard({ order, patientName, hospitalName }: OrderListCardProps) {
  const t = useOrdersTranslate();
  const { i18n } = useLingui();
  const category = order.category;
  const header = isOrderCategory(category) ? t(`orders.lists.header.${category}`) : category;
  // spec doc 3 §4: a status the app does not know is shown as it is.
  const status = isKnownStatus(order.orderStatus)
    ? t(`orders.lists.status.${order.orderStatus}`)
    : orderStatusLabel(order.orderStatus);
  const requested = requestedTimeText(order.createdTime, i18n.locale);
  return (
    <article className="order-list-card">
      <Link className="order-list-card__link" to={orderViewRoute(order.id)}>
        <span className="order-list-card__top">
          <span className="order-list-card__title">
            {isOrderCategory(category) ? <CategoryIcon category={category} /> : null}
            {header}
          </span>
          <span className={`order-list-chip order-list-chip--${statusTone(order.orderStatus)}`}>
            {status}
          </span>
        </span>
        {order.identifier ? (
          <span className="order-list-card__number">
            {t('orders.lists.orderNumber', { identifier: order.identifier })}
          </span>
        ) : null}
        {patientName ? (
          <span className="order-list-card__patient">
            {t('orders.lists.forPatient', { name: patientName })}
          </span>
        ) : null}
        {requested ? (
          <span className="order-list-card__when">
            {t('orders.lists.requestedAt')} <time dateTime={order.createdTime}>{requested}</time>
          </span>
        ) : null}
        {hospitalName ? <span className="order-list-card__hospital">{hospitalName}</span> : null}
      </Link>
    </article>
  );
}
