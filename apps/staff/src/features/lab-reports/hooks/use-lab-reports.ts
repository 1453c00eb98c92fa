import { useLiveResync } from '@careline/ui/graphql';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useClient } from 'urql';
import { staffLabReportsQuery, subscribeLabOrdersSubscription, type StaffLabReportRow } from '../api/lab-reports-operations.ts';
import { LAB_REPORT_PAGE_SIZE, type LabReportQueue } from '../lab-report-rules.ts';

/** What the list on show holds. */
export type LabReportListState = {
  status: 'loading' | 'ready' | 'error';
  rows: StaffLabReportRow[];
  endCursor: string | null;
  hasMore: boolean;
  totalCount: number;
  error: unknown;
  loadingMore: boolean;
};

const initial: LabReportListState = {
  status: 'loading',
  rows: [],
  endCursor: null,
  hasMore: false,
  totalCount: 0,
  error: null,
  loadingMore: false,
};

/**
 * One list of the hospital's lab reports with paging. Reports have no live feed of their own: a
 * change to a lab order of the hospital (an issued report changes its order too) reads the first
 * page again, keeping the list on show meanwhile.
 * @param filter - the hospital, the list and, optionally, one lab order
 */
export function useLabReports(filter: { organizationId: string; queue: LabReportQueue; serviceRequestId: string | null }) {
  const client = useClient();
  const { organizationId, queue, serviceRequestId } = filter;
  const [state, setState] = useState<LabReportListState>(initial);
  const [reloadKey, setReloadKey] = useState(0);
  const current = useRef(state);
  current.current = state;

  const shownFilter = useRef('');
  useEffect(() => {
    let live = true;
    const filterKey = JSON.stringify([organizationId, queue, serviceRequestId]);
    if (filterKey !== shownFilter.current) {
      shownFilter.current = filterKey;
      setState(initial);
    }
    void client
      .query(staffLabReportsQuery, { organizationId, queue, serviceRequestId, first: LAB_REPORT_PAGE_SIZE }, { requestPolicy: 'network-only' })
      .toPromise()
      .then((result) => {
        if (!live) {
          return;
        }
        const page = result.data?.staffLabReports;
        if (result.error || !page) {
          setState((previous) => ({ ...previous, status: previous.status === 'ready' ? 'ready' : 'error', error: result.error ?? null }));
          return;
        }
        setState({
          status: 'ready',
          rows: page.nodes,
          endCursor: page.endCursor ?? null,
          hasMore: page.hasMore,
          totalCount: page.totalCount,
          error: null,
          loadingMore: false,
        });
      });
    return () => {
      live = false;
    };
  }, [client, organizationId, queue, serviceRequestId, reloadKey]);

  const loadMore = useCallback(async () => {
    const shown = current.current;
    if (shown.status !== 'ready' || !shown.hasMore || shown.loadingMore) {
      return;
    }
    setState((previous) => ({ ...previous, loadingMore: true }));
    const result = await client
      .query(
        staffLabReportsQuery,
        { organizationId, queue, serviceRequestId, first: LAB_REPORT_PAGE_SIZE, after: shown.endCursor },
        { requestPolicy: 'network-only' },
      )
      .toPromise();
    const page = result.data?.staffLabReports;
    setState((previous) => {
      if (!page) {
        return { ...previous, loadingMore: false, error: result.error ?? null };
      }
      const known = new Set(previous.rows.map((row) => row.id));
      return {
        ...previous,
        rows: [...previous.rows, ...page.nodes.filter((row) => !known.has(row.id))],
        endCursor: page.endCursor ?? null,
        hasMore: page.hasMore,
        totalCount: page.totalCount,
        loadingMore: false,
        error: null,
      };
    });
  }, [client, organizationId, queue, serviceRequestId]);

  const reload = useCallback(() => setReloadKey((key) => key + 1), []);

  const [heard, setHeard] = useState(false);
  useEffect(() => {
    setHeard(false);
    const subscription = client.subscription(subscribeLabOrdersSubscription, { organizationId }).subscribe((result) => {
      if (result.data?.subscribeStaffOrders) {
        setHeard(true);
        reload();
      }
    });
    return () => subscription.unsubscribe();
  }, [client, organizationId, reload]);

  // Live updates may have been missed (a dropped socket, a hidden page, the server's ask): read again (issue 31 §2.6).
  useLiveResync(reload);
  return { state, loadMore, reload, heard };
}
