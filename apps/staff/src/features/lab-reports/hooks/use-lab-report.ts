import { errorCodes, useLiveResync } from '@careline/ui/graphql';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useClient } from 'urql';
import { useErrorText } from '../../../lib/error-text.ts';
import { staffLabReportQuery, subscribeLabOrdersSubscription, type StaffLabReportDetail } from '../api/lab-reports-operations.ts';
import { newLabActionKey } from '../lab-report-rules.ts';

/** The report on show: loading, the version, or the error it failed with. */
export type LabReportState = { status: 'loading' } | { status: 'ready'; view: StaffLabReportDetail } | { status: 'error'; error: unknown };

/**
 * One report version of the hospital, read again whenever its lab order changes (subscribeStaffOrders:
 * another member issued it, the patient's order moved).
 * @param organizationId - the hospital
 * @param reportId - the version
 */
export function useLabReport(organizationId: string, reportId: string) {
  const client = useClient();
  const [state, setState] = useState<LabReportState>({ status: 'loading' });
  const [heard, setHeard] = useState(false);
  const serial = useRef(0);
  const orderId = useRef<string | null>(null);

  const reload = useCallback(async () => {
    serial.current += 1;
    const mine = serial.current;
    const result = await client.query(staffLabReportQuery, { organizationId, id: reportId }, { requestPolicy: 'network-only' }).toPromise();
    if (mine !== serial.current) {
      return;
    }
    const view = result.data?.staffLabReport;
    orderId.current = view?.report.serviceRequestId ?? orderId.current;
    setState((previous) => {
      if (view) {
        return { status: 'ready', view };
      }
      // A failed reload keeps the report on show; only a first read shows the error.
      return previous.status === 'ready' ? previous : { status: 'error', error: result.error ?? null };
    });
  }, [client, organizationId, reportId]);

  useEffect(() => {
    setState({ status: 'loading' });
    void reload();
  }, [reload]);

  useEffect(() => {
    const subscription = client.subscription(subscribeLabOrdersSubscription, { organizationId }).subscribe((result) => {
      const changed = result.data?.subscribeStaffOrders;
      if (changed) {
        setHeard(true);
      }
      if (changed && changed.id === orderId.current) {
        void reload();
      }
    });
    return () => subscription.unsubscribe();
  }, [client, organizationId, reload]);

  // Live updates may have been missed (a dropped socket, a hidden page, the server's ask): read again (issue 31 §2.6).
  useLiveResync(() => void reload());
  return { state, reload, heard };
}

/** The progress and outcome of the report's actions. */
export type LabActionState = { busy: string | null; error: string | null; notice: string | null; last: string | null };

type ChangeResult = { error?: unknown; data?: unknown };

/**
 * Runs the report's actions one at a time: each with its progress, its notice or error, and the
 * report read again afterwards. A change made on a revision someone else changed meanwhile
 * (ARO-E7006) reloads the report and says so. A retry after a failure reuses the submit's
 * idempotency key, so a change the server made but could not answer is not made twice.
 * @param report - the version's revision as read and how to read it again
 * @param conflictText - what to say when someone else changed the report
 */
export function useLabReportActions(report: { revision: number; reload: () => Promise<void> }, conflictText: string) {
  const errorText = useErrorText();
  const [state, setState] = useState<LabActionState>({ busy: null, error: null, notice: null, last: null });
  const keys = useRef(new Map<string, string>());

  const run = useCallback(
    async (
      name: string,
      change: (args: { expectedRevision: number; idempotencyKey: string }) => Promise<ChangeResult>,
      done: (data: unknown) => string,
      options: { revision?: number; onConflict?: () => void } = {},
    ): Promise<unknown> => {
      const key = keys.current.get(name) ?? newLabActionKey();
      keys.current.set(name, key);
      setState({ busy: name, error: null, notice: null, last: name });
      let result: ChangeResult;
      try {
        result = await change({ expectedRevision: options.revision ?? report.revision, idempotencyKey: key });
      } catch (error) {
        setState({ busy: null, error: errorText(error), notice: null, last: name });
        return null;
      }
      if (result.error || !result.data) {
        const conflict = errorCodes(result.error).includes('ARO-E7006');
        if (conflict) {
          keys.current.delete(name);
          await report.reload();
          options.onConflict?.();
        }
        setState({ busy: null, error: conflict ? conflictText : errorText(result.error), notice: null, last: name });
        return null;
      }
      keys.current.delete(name);
      await report.reload();
      setState({ busy: null, error: null, notice: done(result.data), last: name });
      return result.data;
    },
    [conflictText, errorText, report],
  );

  /** Shows an error found before sending (a missing reason, a test not chosen). */
  const refuse = useCallback((error: string, name: string | null = null) => setState({ busy: null, error, notice: null, last: name }), []);

  return { ...state, run, refuse };
}
