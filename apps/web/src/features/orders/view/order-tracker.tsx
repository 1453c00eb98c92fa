import { Link } from 'react-router';
import { useLingui } from '@careline/i18n/react';
import { resultsGraphRoute } from '@careline/domain/lab-reports';
import { useOrdersTranslate, type OrdersMessageId } from '@careline/i18n/orders';
import { ORDER_STATUSES, isOrderHistoryEvent, isPatientNote, type OrderStatus, type OrderTracker } from '@careline/domain/orders';
import type { OrderViewEvent, OrderViewReport } from './order-view-documents.ts';
import { longDateTime } from './order-view-model.ts';

/** The label key of a status value, or null for an unknown value (shown as-is, spec doc 3 §4). */
export function statusKey(status: string): OrdersMessageId | null {
  return isOrderStatus(status) ? `orders.view.status.${status}` : null;
}

function isOrderStatus(status: string): status is OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(status);
}

/** The tracker of the order (spec doc 3 §4 Trackers): done steps green, the current one marked. */
export function OrderTrackerView({ tracker }: { tracker: OrderTracker }) {
  const t = useOrdersTranslate();
  return (
    <section className="order-card" aria-labelledby="order-tracker-title">
      <h2 id="order-tracker-title" className="order-card__title">
        {t('orders.view.tracker.title')}
      </h2>
      <ol className={`order-tracker${tracker.canceled ? ' order-tracker--stopped' : ''}`}>
        {tracker.steps.map((step) => {
          const state = step.done ? 'done' : step.current ? 'current' : 'todo';
          return (
            <li
              key={step.label}
              className={`order-tracker__step order-tracker__step--${state}`}
              aria-current={step.current ? 'step' : undefined}
            >
              <span className="order-tracker__dot" aria-hidden="true" />
              <span className="order-tracker__label">{t(`orders.view.step.${step.label}`)}</span>
              <span className="visually-hidden">{`: ${t(`orders.view.tracker.${state}`)}`}</span>
            </li>
          );
        })}
      </ol>
      {tracker.canceled ? <p className="order-tracker__stopped">{t('orders.view.tracker.stopped')}</p> : null}
    </section>
  );
}

/** The order-events history, newest first (issue 10 Build 4: the history feeds the patient's tracker). */
export function OrderTimeline({ events }: { events: readonly OrderViewEvent[] }) {
  const t = useOrdersTranslate();
  const { i18n } = useLingui();
  if (events.length === 0) {
    return null;
  }
  const newestFirst = [...events].sort((a, b) => Date.parse(b.createdTime) - Date.parse(a.createdTime));
  return (
    <section className="order-card" aria-labelledby="order-history-title">
      <h2 id="order-history-title" className="order-card__title">
        {t('orders.view.history.title')}
      </h2>
      <ol className="order-timeline">
        {newestFirst.map((event) => {
          const status = statusKey(event.toStatus);
          const text = isOrderHistoryEvent(event.event)
            ? t(`orders.view.event.${event.event}`, { status: status ? t(status) : event.toStatus })
            : event.event;
          return (
            <li key={event.id} className="order-timeline__item">
              <span className="order-timeline__text">{text}</span>
              <span className="order-timeline__meta">
                <time dateTime={event.createdTime}>{longDateTime(event.createdTime, i18n.locale)}</time>
                {/* The patient ('Patient/…') or hospital staff ('User/…'); a gateway's payment ('System') names no one. */}
                {isPatientNote(event.actorReference)
                  ? ` · ${t('orders.view.history.byYou')}`
                  : event.actorReference.startsWith('User/')
                    ? ` · ${t('orders.view.history.byHospital')}`
                    : null}
              </span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/**
 * The lab order's issued reports (issue 30 §1: the order screen links to its report): each opens
 * the test's results (/resultsGraph), and reads Amended when the issued version is a correction.
 */
export function OrderReports({ patientId, reports }: { patientId: string; reports: readonly OrderViewReport[] }) {
  const t = useOrdersTranslate();
  if (reports.length === 0) {
    return null;
  }
  return (
    <section className="order-card" aria-labelledby="order-reports-title">
      <h2 id="order-reports-title" className="order-card__title">
        {t('orders.view.report.title')}
      </h2>
      <ul className="order-reports">
        {reports.map((report) => {
          const coding = report.code.coding[0];
          const name = coding?.display ?? '';
          return (
            <li key={report.id} className="order-reports__item">
              {coding ? (
                <Link className="order-reports__link" to={resultsGraphRoute(patientId, coding.code)}>
                  {t('orders.view.report.open', { name })}
                </Link>
              ) : (
                <span>{name}</span>
              )}
              <span className={`order-reports__status${report.status === 'amended' ? ' order-reports__status--amended' : ''}`}>
                {report.status === 'amended' ? t('orders.view.report.amended') : t('orders.view.report.issued')}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
