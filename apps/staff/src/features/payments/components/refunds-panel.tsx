import { useId, useState } from 'react';
import { useClient, useQuery } from 'urql';
import { Alert, Button, TextField } from '@careline/ui/components';
import { useErrorText } from '../../../lib/error-text.ts';
import type { Hospital } from '../../../lib/staff-session.tsx';
import {
  staffDecideRefundMutation,
  staffRefundRequestsQuery,
  type RefundDecision,
  type RefundRequest,
} from '../api/payments-operations.ts';
import { usePaymentsMessages } from '../messages.ts';
import { ConfirmDialog, newIdempotencyKey } from './confirm-dialog.tsx';

const FILTERS = ['requested', 'approved', 'refunded', 'rejected', ''] as const;

/**
 * The hospital's refund requests (issue 9 §8): approve for collection at the hospital, refund to the
 * card (or retry a failed one), or reject, each with remarks and a confirmation.
 * @param props - the hospital and whether the member may decide
 */
export function RefundsPanel({ hospital, mayDecide }: { hospital: Hospital; mayDecide: boolean }) {
  const t = usePaymentsMessages();
  const errorText = useErrorText();
  const client = useClient();
  const headingId = useId();
  const filterId = useId();
  const [status, setStatus] = useState<(typeof FILTERS)[number]>('requested');
  const [{ data, fetching, error }, reload] = useQuery({
    query: staffRefundRequestsQuery,
    variables: { organizationId: hospital.id, status: status || null },
    requestPolicy: 'cache-and-network',
  });
  const [confirming, setConfirming] = useState<{ request: RefundRequest; decision: RefundDecision; key: string } | null>(null);
  const [remarks, setRemarks] = useState('');
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const open = (request: RefundRequest, decision: RefundDecision) => {
    setActionError(null);
    setNotice(null);
    setRemarks('');
    setConfirming({ request, decision, key: newIdempotencyKey() });
  };

  const decide = async () => {
    if (!confirming) {
      return;
    }
    setBusy(true);
    const result = await client
      .mutation(staffDecideRefundMutation, {
        organizationId: hospital.id,
        refundRequestId: confirming.request.id,
        decision: confirming.decision,
        remarks: remarks.trim() || null,
        idempotencyKey: confirming.key,
      })
      .toPromise();
    setBusy(false);
    if (result.error || !result.data) {
      setActionError(errorText(result.error));
      return;
    }
    const decided = result.data.staffDecideRefund;
    setConfirming(null);
    setNotice(decided.refundError ? t.refundError(decided.refundError) : t.decided(t.refundStatus(decided.status)));
    reload({ requestPolicy: 'network-only' });
  };

  const requests = data?.staffRefundRequests ?? [];
  const amount = (request: RefundRequest) =>
    request.refundableAmount && request.currency ? t.amountOf(request.refundableAmount, request.currency) : t.notPaid;

  return (
    <section aria-labelledby={headingId} className="payments-panel">
      <h2 id={headingId}>{t.refundsHeading}</h2>
      <div className="ui-field">
        <label htmlFor={filterId} className="ui-field__label">
          {t.refundsFilter}
        </label>
        <select id={filterId} value={status} onChange={(event) => setStatus(event.target.value as (typeof FILTERS)[number])}>
          {FILTERS.map((value) => (
            <option key={value || 'all'} value={value}>
              {t.refundStatus(value)}
            </option>
          ))}
        </select>
      </div>
      <div aria-live="polite">{notice ? <Alert tone="success">{notice}</Alert> : null}</div>
      {error ? <Alert tone="error">{errorText(error)}</Alert> : null}
      {fetching && !data ? <p role="status">{t.loading}</p> : null}
      {data && requests.length === 0 ? <p className="empty-state">{t.refundsEmpty}</p> : null}
      <ul className="payments-list">
        {requests.map((request) => {
          const retry = request.status === 'approved' && request.refundStatus === 'failed';
          return (
            <li key={request.id} className="payments-card">
              <h3>{t.refundOf(request.tokenNo, request.patientName)}</h3>
              <dl className="payments-facts">
                <dt>{t.status}</dt>
                <dd>{t.refundStatus(request.status)}</dd>
                <dt>{t.reasons}</dt>
                <dd>{request.reasons.join(' · ')}</dd>
                <dt>{t.paid}</dt>
                <dd>
                  {request.paidAmount && request.currency
                    ? `${t.amountOf(request.paidAmount, request.currency)} · ${t.gatewayName(request.paymentGatewayType ?? '')}`
                    : t.notPaid}
                </dd>
                <dt>{t.refundable}</dt>
                <dd>{amount(request)}</dd>
                {request.excludedCategories.length > 0 ? (
                  <>
                    <dt>{t.excluded}</dt>
                    <dd>{request.excludedCategories.join(', ')}</dd>
                  </>
                ) : null}
                {request.remarks ? (
                  <>
                    <dt>{t.remarks}</dt>
                    <dd>{request.remarks}</dd>
                  </>
                ) : null}
              </dl>
              {request.refundError ? <Alert tone="error">{t.refundError(request.refundError)}</Alert> : null}
              {mayDecide && request.status === 'requested' ? (
                <div className="button-row">
                  <Button onClick={() => open(request, 'APPROVE_AT_HOSPITAL')}>{t.approveAtHospital}</Button>
                  {request.paymentGatewayType === 'cyberSource' ? (
                    <Button variant="secondary" onClick={() => open(request, 'REFUND_TO_CARD')}>
                      {t.refundToCard}
                    </Button>
                  ) : null}
                  <Button variant="danger" onClick={() => open(request, 'REJECT')}>
                    {t.reject}
                  </Button>
                </div>
              ) : null}
              {mayDecide && retry ? (
                <div className="button-row">
                  <Button onClick={() => open(request, 'REFUND_TO_CARD')}>{t.retryRefund}</Button>
                </div>
              ) : null}
              {confirming?.request.id === request.id ? (
                <ConfirmDialog
                  heading={t.confirmDecisionHeading(confirming.decision)}
                  text={t.confirmDecisionText(request.patientName, amount(request))}
                  confirmLabel={t.confirm}
                  cancelLabel={t.cancel}
                  busy={busy}
                  danger={confirming.decision === 'REJECT'}
                  onConfirm={() => void decide()}
                  onCancel={() => setConfirming(null)}
                >
                  <TextField label={t.remarks} value={remarks} maxLength={1000} onChange={setRemarks} />
                  {actionError ? <Alert tone="error">{actionError}</Alert> : null}
                </ConfirmDialog>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
