import { useId, useState } from 'react';
import { useClient, useQuery } from 'urql';
import { Alert, Button, TextField } from '@careline/ui/components';
import { useErrorText } from '../../../lib/error-text.ts';
import { hospitalClock, hospitalDayOf } from '../../../lib/hospital-time.ts';
import type { Hospital } from '../../../lib/staff-session.tsx';
import {
  staffReconcileGatewayEventMutation,
  staffUnmatchedGatewayNotificationsQuery,
  type GatewayEvent,
} from '../api/payments-operations.ts';
import { usePaymentsMessages } from '../messages.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

/**
 * Gateway answers to reconcile (issue 9 §9): second captures of a paid booking and answers only the
 * server-to-server notification brought; 'Reconcile' with remarks and a confirmation.
 * @param props - the hospital
 */
export function ReconcilePanel({ hospital }: { hospital: Hospital }) {
  const t = usePaymentsMessages();
  const errorText = useErrorText();
  const client = useClient();
  const headingId = useId();
  const [{ data, fetching, error }, reload] = useQuery({
    query: staffUnmatchedGatewayNotificationsQuery,
    variables: { organizationId: hospital.id },
    requestPolicy: 'cache-and-network',
  });
  const [confirming, setConfirming] = useState<GatewayEvent | null>(null);
  const [remarks, setRemarks] = useState('');
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const reconcile = async () => {
    if (!confirming) {
      return;
    }
    setBusy(true);
    const result = await client
      .mutation(staffReconcileGatewayEventMutation, { organizationId: hospital.id, eventId: confirming.id, remarks: remarks.trim() || null })
      .toPromise();
    setBusy(false);
    if (result.error || !result.data) {
      setActionError(errorText(result.error));
      return;
    }
    setConfirming(null);
    setNotice(t.reconciled);
    reload({ requestPolicy: 'network-only' });
  };

  const events = data?.staffUnmatchedGatewayNotifications ?? [];
  return (
    <section aria-labelledby={headingId} className="payments-panel">
      <h2 id={headingId}>{t.reconcileHeading}</h2>
      <div aria-live="polite">{notice ? <Alert tone="success">{notice}</Alert> : null}</div>
      {error ? <Alert tone="error">{errorText(error)}</Alert> : null}
      {fetching && !data ? <p role="status">{t.loading}</p> : null}
      {data && events.length === 0 ? <p className="empty-state">{t.reconcileEmpty}</p> : null}
      <ul className="payments-list">
        {events.map((event) => (
          <li key={event.id} className="payments-card">
            <h3>{t.eventKind(event.kind)}</h3>
            <dl className="payments-facts">
              <dt>{t.time}</dt>
              <dd>{`${hospitalDayOf(new Date(event.createdTime))} ${hospitalClock(String(event.createdTime))}`}</dd>
              <dt>{t.transaction}</dt>
              <dd>{event.transactionId}</dd>
              <dt>{t.patient}</dt>
              <dd>{event.patientName ?? '—'}</dd>
              <dt>{t.amount}</dt>
              <dd>{t.amountOf(event.amount, event.currency)}</dd>
            </dl>
            <div className="button-row">
              <Button
                aria-label={t.reconcileOf(event.transactionId)}
                onClick={() => {
                  setActionError(null);
                  setRemarks('');
                  setConfirming(event);
                }}
              >
                {t.reconcile}
              </Button>
            </div>
            {confirming?.id === event.id ? (
              <ConfirmDialog
                heading={t.confirmReconcileHeading}
                text={t.confirmReconcileText(event.transactionId)}
                confirmLabel={t.confirm}
                cancelLabel={t.cancel}
                busy={busy}
                onConfirm={() => void reconcile()}
                onCancel={() => setConfirming(null)}
              >
                <TextField label={t.remarks} value={remarks} maxLength={1000} onChange={setRemarks} />
                {actionError ? <Alert tone="error">{actionError}</Alert> : null}
              </ConfirmDialog>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
