import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { orderListLimit, orderListState, type OrderListKind } from '@careline/domain/orders';
import { REQUEST_STATE } from '@careline/domain/shell';
import { useOrdersTranslate } from '@careline/i18n/orders';
import { Button } from '../../../components/button.tsx';
import { HistoryBottomBar } from '../../../components/history-bottom-bar.tsx';
import { useSession } from '../../../lib/session';
import { useHideMainBottomBar } from '../../../lib/shell/chrome-context.tsx';
import { useTenant } from '../../../lib/tenant';
import { LabProfileTiles } from './lab-profile-tiles.tsx';
import { OrderListCard } from './order-list-card.tsx';
import { orderListHospitalsQuery } from './order-list-documents.ts';
import {
  ORDER_LIST_CATEGORIES,
  labProfileTiles,
  requestNewButtons,
  type OrderListFilter,
} from './order-list-rules.ts';
import { useOrderPages } from './use-order-pages.ts';
import './order-lists.css';

/** The query parameter that keeps the lab test list's chosen profile tile (back from an order keeps it). */
const PROFILE_PARAM = 'profile';

/**
 * /history/orders, /history/examination, /history/procedure (spec doc 3 §2 Order lists, §8, §9):
 * loading, error (with a retry) and empty states; the buttons to request a new Medicine, Lab Test or
 * Medical service that the tenant offers; the order cards, 10 and then 9 more per 'Load More Order';
 * the lab test list's profile tiles; live updates; the history bottom bar.
 */
export function OrderListScreen({
  kind,
  labResultsSlot,
}: {
  kind: OrderListKind;
  /** The lab test list's reports with their Result buttons (features/lab-reports), for the chosen profiles (null: all). */
  labResultsSlot?: (patientIds: readonly string[] | null) => ReactNode;
}) {
  const t = useOrdersTranslate();
  const session = useSession();
  const tenant = useTenant();
  const [searchParams, setSearchParams] = useSearchParams();
  // spec doc 1 §2, doc 3 §2: the history screens carry the history bottom bar instead of the main one.
  useHideMainBottomBar(true);

  const account = session.account;
  const patients = useMemo(() => account?.patientList ?? [], [account]);
  const tiles = useMemo(
    () => (kind === 'labTests' ? labProfileTiles(patients, tenant.relationships) : []),
    [kind, patients, tenant.relationships],
  );
  const chosenKey = kind === 'labTests' ? searchParams.get(PROFILE_PARAM) : null;
  const chosen = tiles.find((tile) => tile.key === chosenKey) ?? null;
  const filter = useMemo<OrderListFilter>(
    () => ({ categories: ORDER_LIST_CATEGORIES[kind], patientIds: chosen?.patientIds ?? null }),
    [kind, chosen],
  );
  const pages = useOrderPages(filter, account === null);
  const [hospitalsResult] = useQuery({ query: orderListHospitalsQuery, pause: account === null });
  const hospitals = useMemo(
    () =>
      new Map(
        (hospitalsResult.data?.queryOrganization ?? []).map((hospital) => [
          hospital.id,
          hospital.name,
        ]),
      ),
    [hospitalsResult.data],
  );
  const requestButtons = requestNewButtons(kind, tenant.features);

  // After Load More, focus goes to the first order it added; a polite status says what changed.
  const listRef = useRef<HTMLUListElement>(null);
  const shownBefore = useRef<Set<string> | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const shownCount = pages.rows.length;
  useEffect(() => {
    const before = shownBefore.current;
    // Runs once per page that arrived: loadMore() set `before`, and it is cleared here.
    if (pages.loadMorePresses === 0 || before === null) {
      return;
    }
    shownBefore.current = null;
    setAnnouncement(t('orders.lists.shown', { count: shownCount }));
    const items = listRef.current?.querySelectorAll<HTMLElement>('[data-order-id]') ?? [];
    const added = Array.from(items).find((item) => !before.has(item.dataset.orderId ?? ''));
    added?.querySelector('a')?.focus();
  }, [pages.loadMorePresses, shownCount, t]);
  useEffect(() => {
    if (pages.liveCount > 0) {
      setAnnouncement(t('orders.lists.updated'));
    }
  }, [pages.liveCount, t]);

  const loadMore = () => {
    shownBefore.current = new Set(pages.rows.map((order) => order.id));
    pages.loadMore();
  };

  const textKind = kind === 'labTests' ? 'labTests' : 'orders';
  const state =
    account === null
      ? session.accountState === REQUEST_STATE.FAILED
        ? ({ kind: 'error' } as const)
        : ({ kind: 'loading' } as const)
      : orderListState(kind, pages.fetchState, shownCount, orderListLimit(pages.loadMorePresses));
  const retry = () => (account === null ? void session.refreshAccount() : pages.retry());

  let content;
  switch (state.kind) {
    case 'loading':
      content = <OrderListSkeleton label={t('orders.lists.loading')} />;
      break;
    case 'error':
      content = (
        <div className="order-list-state" role="alert">
          <p className="order-list-state__title">{t(`orders.lists.error.${textKind}`)}</p>
          <Button onClick={retry}>{t('orders.lists.tryAgain')}</Button>
        </div>
      );
      break;
    case 'empty':
      content = (
        <div className="order-list-state">
          <p className="order-list-state__title">{t(`orders.lists.empty.${textKind}`)}</p>
        </div>
      );
      break;
    case 'rows':
      content = (
        <>
          <ul className="order-list" ref={listRef}>
            {pages.rows.map((order) => (
              <li key={order.id} className="order-list__item" data-order-id={order.id}>
                <OrderListCard
                  order={order}
                  patientName={account?.patients[order.patientId]?.displayName ?? null}
                  hospitalName={
                    order.organizationId ? (hospitals.get(order.organizationId) ?? null) : null
                  }
                />
              </li>
            ))}
          </ul>
          {pages.loadMoreFailed ? (
            <p className="order-list-state__error" role="alert">
              {t(`orders.lists.error.${textKind}`)}
            </p>
          ) : null}
          {state.showLoadMore && pages.hasMore ? (
            <Button variant="secondary" block loading={pages.loadingMore} onClick={loadMore}>
              {t('orders.lists.loadMore')}
            </Button>
          ) : null}
        </>
      );
      break;
  }

  return (
    <div className="order-list-screen">
      <h1 className="order-list-screen__title">{t(`orders.lists.title.${kind}`)}</h1>
      {requestButtons.length > 0 ? (
        <nav className="order-list-request" aria-label={t('orders.lists.requestNewHeading')}>
          <ul className="order-list-request__list">
            {requestButtons.map((button) => (
              <li key={button.category}>
                <Link className="button button--secondary button--block" to={button.to}>
                  {t(`orders.lists.requestNew.${button.category}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {tiles.length > 1 ? (
        <LabProfileTiles
          tiles={tiles}
          selected={chosen?.key ?? null}
          onSelect={(key) => {
            const next = new URLSearchParams(searchParams);
            if (key === null) {
              next.delete(PROFILE_PARAM);
            } else {
              next.set(PROFILE_PARAM, key);
            }
            setSearchParams(next, { replace: true });
          }}
        />
      ) : null}
      {kind === 'labTests' && labResultsSlot ? labResultsSlot(chosen?.patientIds ?? null) : null}
      {content}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      <HistoryBottomBar />
    </div>
  );
}

/** The list's shape while it loads (DESIGN.md: skeletons, not blank pages), named for screen readers. */
function OrderListSkeleton({ label }: { label: string }) {
  return (
    <div className="order-list-skeleton" role="status" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      {[0, 1, 2].map((index) => (
        <div key={index} className="order-list-skeleton__card" aria-hidden="true">
          <span />
          <span />
          <span />
        </div>
      ))}
    </div>
  );
}
