import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { Alert, Button, PageHeading, TextField } from '@careline/ui/components';
import type { OrderCategory } from '@careline/domain/orders';
import { useErrorText } from '../../../lib/error-text.ts';
import { useLiveSocketState, type LiveSocketState } from '../../../lib/live-status.ts';
import type { Hospital } from '../../../lib/staff-session.tsx';
import { useOrderQueue, type OrderQueueAnnouncement } from '../hooks/use-order-queue.ts';
import { useOrdersMessages, type OrdersMessages } from '../messages.ts';
import { ORDER_QUEUES, ORDER_SEARCH_DEBOUNCE_MS, hospitalDateTime, queueOfOrder, type OrderQueue } from '../order-rules.ts';
import './orders.css';

/** How often the queue reloads while the live socket is down: a fallback only. */
export const ORDERS_FALLBACK_REFRESH_MS = 30_000;

/** Whether the orders on show follow the server live. */
export type OrdersLiveState = 'connecting' | 'live' | 'reconnecting';

/**
 * The live state of the orders from the socket's health: subscribeStaffOrders delivers only on
 * changes, so a connected socket means the list is live.
 * @param socket - the live socket's last event
 * @param heard - whether the subscription delivered an order already
 */
export function ordersLiveState(socket: LiveSocketState, heard: boolean): OrdersLiveState {
  if (socket === 'socket-error') {
    return 'reconnecting';
  }
  return socket === 'socket-data' || heard ? 'live' : 'connecting';
}

function announcementText(t: OrdersMessages, announcement: OrderQueueAnnouncement): string {
  const identifier = announcement.row.order.identifier ?? t.noNumber;
  switch (announcement.change) {
    case 'added':
      return t.announceAdded(identifier, announcement.row.patient.name);
    case 'updated':
      return t.announceUpdated(identifier);
    case 'left':
      return t.announceLeft(identifier, t.queue(queueOfOrder(announcement.row.order)));
  }
}

/**
 * The hospital's order queues (issue 10, staff console): tabs New, In progress and Done; the
 * categories the member's roles work; a search by patient or order number; paging; live.
 * @param props - the hospital, the categories the member works there, and the path of an order
 */
export function OrdersScreen({
  hospital,
  categories,
  orderPath,
}: {
  hospital: Hospital;
  categories: readonly OrderCategory[];
  orderPath: (orderId: string) => string;
}) {
  const t = useOrdersMessages();
  const errorText = useErrorText();
  const [queue, setQueue] = useState<OrderQueue>('NEW');
  const [category, setCategory] = useState<string>('');
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setSearch(typed.trim()), ORDER_SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [typed]);
  const { state, loadMore, reload, announcement, heard } = useOrderQueue({
    organizationId: hospital.id,
    queue,
    category: category === '' ? null : category,
    search,
  });
  const liveState = ordersLiveState(useLiveSocketState(), heard);
  useEffect(() => {
    if (liveState === 'live') {
      return undefined;
    }
    const timer = window.setInterval(reload, ORDERS_FALLBACK_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [reload, liveState]);

  const tabIds = useId();
  const tabRefs = useRef<Partial<Record<OrderQueue, HTMLButtonElement | null>>>({});
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = ORDER_QUEUES.indexOf(queue);
    let next: OrderQueue | undefined;
    if (event.key === 'ArrowRight') {
      next = ORDER_QUEUES[(index + 1) % ORDER_QUEUES.length];
    } else if (event.key === 'ArrowLeft') {
      next = ORDER_QUEUES[(index + ORDER_QUEUES.length - 1) % ORDER_QUEUES.length];
    } else if (event.key === 'Home') {
      next = ORDER_QUEUES[0];
    } else if (event.key === 'End') {
      next = ORDER_QUEUES[ORDER_QUEUES.length - 1];
    }
    if (next) {
      event.preventDefault();
      setQueue(next);
      tabRefs.current[next]?.focus();
    }
  };

  const rows = state.rows;
  return (
    <>
      <PageHeading documentTitle={t.documentTitle(t.heading)}>{t.heading}</PageHeading>
      <p>{t.intro(hospital.name)}</p>
      <div className="filter-bar">
        {categories.length > 1 ? (
          <div className="ui-field">
            <label className="ui-field__label" htmlFor={`${tabIds}-category`}>
              {t.category}
            </label>
            <select
              id={`${tabIds}-category`}
              className="orders-select"
              value={category}
              onChange={(event) => setCategory(event.target.value)}
            >
              <option value="">{t.allCategories}</option>
              {categories.map((value) => (
                <option key={value} value={value}>
                  {t.categoryName(value)}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <TextField label={t.search} hint={t.searchHint} type="search" value={typed} onChange={setTyped} maxLength={100} />
      </div>
      <p role="status" className={`orders-live orders-live--${liveState}`}>
        {t.liveState(liveState)}
      </p>
      <div aria-live="polite" className="orders-announcement">
        {announcement ? <span key={announcement.serial}>{announcementText(t, announcement)}</span> : null}
      </div>
      <div role="tablist" aria-label={t.queues} className="orders-tabs">
        {ORDER_QUEUES.map((value) => (
          <button
            key={value}
            ref={(element) => {
              tabRefs.current[value] = element;
            }}
            type="button"
            role="tab"
            id={`${tabIds}-tab-${value}`}
            aria-selected={queue === value}
            aria-controls={`${tabIds}-panel`}
            tabIndex={queue === value ? 0 : -1}
            className="orders-tab"
            onClick={() => setQueue(value)}
            onKeyDown={onTabKey}
          >
            {t.queue(value)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${tabIds}-panel`} aria-labelledby={`${tabIds}-tab-${queue}`} className="orders-panel">
        {state.status === 'loading' ? (
          <div aria-busy="true">
            <p role="status">{t.loading}</p>
            <div className="orders-skeleton" aria-hidden="true">
              <span />
              <span />
              <span />
            </div>
          </div>
        ) : null}
        {state.status === 'error' ? (
          <div role="alert" className="orders-error">
            <p>{t.loadFailed(errorText(state.error))}</p>
            <Button variant="secondary" onClick={reload}>
              {t.retry}
            </Button>
          </div>
        ) : null}
        {state.status === 'ready' && rows.length === 0 ? (
          <p className="empty-state">{search ? t.emptySearch(search) : t.empty}</p>
        ) : null}
        {state.status === 'ready' && rows.length > 0 ? (
          <div className="table-scroll">
            <table className="data-table orders-table">
              <caption>{t.tableCaption(t.queue(queue), rows.length)}</caption>
              <thead>
                <tr>
                  <th scope="col">{t.colOrder}</th>
                  <th scope="col">{t.colPatient}</th>
                  <th scope="col">{t.colCategory}</th>
                  <th scope="col">{t.colStatus}</th>
                  <th scope="col">{t.colRequested}</th>
                  <th scope="col">{t.colPayment}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => {
                  const identifier = row.order.identifier ?? t.noNumber;
                  return (
                    <tr key={row.id}>
                      <td>
                        <Link to={orderPath(row.id)} aria-label={t.openOrder(identifier, row.patient.name)}>
                          {identifier}
                        </Link>
                      </td>
                      <th scope="row">
                        {row.patient.name}
                        {row.order.orderCommunicationStatus === 'patientReplied' ? (
                          <span className="orders-chip orders-chip--attention"> {t.patientReplied}</span>
                        ) : null}
                      </th>
                      <td>{t.categoryName(row.order.category)}</td>
                      <td>
                        <span className="orders-chip">{t.statusName(row.order.orderStatus)}</span>
                      </td>
                      <td>{hospitalDateTime(row.order.createdTime)}</td>
                      <td>
                        {row.order.serviceRequestChargingAmount !== null && row.order.serviceRequestChargingAmount !== undefined
                          ? `${t.amount(row.order.serviceRequestChargingAmount.toFixed(2), row.currency)} · ${t.paymentName(row.order.serviceRequestPaymentStatus)}`
                          : t.notSet}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        ) : null}
        {state.status === 'ready' && state.error && rows.length > 0 ? <Alert tone="error">{errorText(state.error)}</Alert> : null}
        {state.status === 'ready' && state.hasMore ? (
          <Button variant="secondary" busy={state.loadingMore} onClick={() => void loadMore()}>
            {state.loadingMore ? t.loadingMore : t.loadMore}
          </Button>
        ) : null}
      </div>
    </>
  );
}
