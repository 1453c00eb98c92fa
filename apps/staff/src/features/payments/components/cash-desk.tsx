import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useClient, useQuery } from 'urql';
import { Alert, Button } from '@careline/ui/components';
import { useErrorText } from '../../../lib/error-text.ts';
import { hospitalClock, hospitalDayOf } from '../../../lib/hospital-time.ts';
import type { Hospital } from '../../../lib/staff-session.tsx';
import { staffCashDeskQuery, staffTakeCashPaymentMutation, type CashReceipt, type DeskAppointment } from '../api/payments-operations.ts';
import { usePaymentsMessages } from '../messages.ts';
import { ConfirmDialog, newIdempotencyKey } from './confirm-dialog.tsx';

/**
 * The cash desk (issue 9 §9): pick a session of the day, then one of its unpaid appointments, 'Take
 * cash payment', confirm, and the printable receipt opens. One of a free session says there is nothing to pay.
 * @param props - the hospital, the day, and what to do after a payment (refresh the day's list)
 */
export function CashDesk({ hospital, day, onPaid }: { hospital: Hospital; day: string; onPaid: () => void }) {
  const t = usePaymentsMessages();
  const errorText = useErrorText();
  const client = useClient();
  const selectId = useId();
  const [{ data, fetching, error }, reload] = useQuery({
    query: staffCashDeskQuery,
    variables: { organizationId: hospital.id, date: day },
    requestPolicy: 'cache-and-network',
  });
  const [sessionId, setSessionId] = useState('');
  const [confirming, setConfirming] = useState<{ appointment: DeskAppointment; key: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const [receipt, setReceipt] = useState<CashReceipt | null>(null);

  const appointments = useMemo(() => data?.staffCashDesk ?? [], [data]);
  const sessions = useMemo(() => {
    const seen = new Map<string, DeskAppointment>();
    for (const appointment of appointments) {
      if (!seen.has(appointment.sessionId)) {
        seen.set(appointment.sessionId, appointment);
      }
    }
    return [...seen.values()];
  }, [appointments]);
  const pending = appointments.filter((a) => a.sessionId === sessionId);

  const take = async () => {
    if (!confirming) {
      return;
    }
    setBusy(true);
    const result = await client
      .mutation(staffTakeCashPaymentMutation, { organizationId: hospital.id, appointmentId: confirming.appointment.id, idempotencyKey: confirming.key })
      .toPromise();
    setBusy(false);
    if (result.error || !result.data) {
      setActionError(errorText(result.error));
      return;
    }
    setActionError(null);
    setConfirming(null);
    setReceipt(result.data.staffTakeCashPayment);
    reload({ requestPolicy: 'network-only' });
    onPaid();
  };

  return (
    <section aria-labelledby={`${selectId}-heading`} className="payments-panel">
      <h2 id={`${selectId}-heading`}>{t.cashHeading}</h2>
      {error ? <Alert tone="error">{errorText(error)}</Alert> : null}
      {fetching && !data ? <p role="status">{t.loading}</p> : null}
      {data && sessions.length === 0 ? <p className="empty-state">{t.cashEmpty}</p> : null}
      {sessions.length > 0 ? (
        <div className="ui-field">
          <label htmlFor={selectId} className="ui-field__label">
            {t.session}
          </label>
          <select id={selectId} value={sessionId} onChange={(event) => setSessionId(event.target.value)}>
            <option value="">{t.chooseSession}</option>
            {sessions.map((s) => (
              <option key={s.sessionId} value={s.sessionId}>
                {t.sessionOption(hospitalClock(String(s.sessionStart)), s.doctorName)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      {sessionId && pending.length === 0 ? <p className="empty-state">{t.cashEmpty}</p> : null}
      {pending.length > 0 ? (
        <div className="table-scroll">
          <table className="data-table">
            <caption>{t.cashCaption}</caption>
            <thead>
              <tr>
                <th scope="col">{t.token}</th>
                <th scope="col">{t.patient}</th>
                <th scope="col">{t.status}</th>
                <th scope="col">
                  <span className="ui-visually-hidden">{t.takeCash}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {pending.map((appointment) => (
                <tr key={appointment.id}>
                  <td>{appointment.tokenNo}</td>
                  <td>{appointment.patientName}</td>
                  <td>{appointment.appointmentStatus}</td>
                  <td>
                    {/* A free session's appointment invoices 0 (spec doc 2 §5): nothing to take, as the patient is asked nothing. */}
                    {appointment.nothingToPay ? (
                      t.nothingToPay
                    ) : (
                      <Button
                        aria-label={t.takeCashOf(appointment.tokenNo, appointment.patientName)}
                        onClick={() => {
                          setActionError(null);
                          setConfirming({ appointment, key: newIdempotencyKey() });
                        }}
                      >
                        {t.takeCash}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          heading={t.confirmCashHeading}
          text={t.confirmCashText(confirming.appointment.tokenNo, confirming.appointment.patientName)}
          confirmLabel={t.confirm}
          cancelLabel={t.cancel}
          busy={busy}
          onConfirm={() => void take()}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
      {actionError ? <Alert tone="error">{actionError}</Alert> : null}
      {receipt ? <Receipt receipt={receipt} onClose={() => setReceipt(null)} /> : null}
    </section>
  );
}

/**
 * A cash receipt, printable (window.print(); the print stylesheet shows only the receipt).
 * @param props - the receipt and what closing does
 */
export function Receipt({ receipt, onClose }: { receipt: CashReceipt; onClose: () => void }) {
  const t = usePaymentsMessages();
  const headingId = useId();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('h3')?.focus();
  }, [receipt.receiptNumber]);
  const paidAt = `${hospitalDayOf(new Date(receipt.paidAt))} ${hospitalClock(String(receipt.paidAt))}`;
  return (
    <section ref={ref} role="dialog" aria-labelledby={headingId} className="payments-receipt">
      <h3 id={headingId} tabIndex={-1}>
        {t.receiptHeading} · {receipt.hospitalName}
      </h3>
      <dl className="payments-receipt__facts">
        <dt>{t.receiptNumber}</dt>
        <dd>{receipt.receiptNumber}</dd>
        <dt>{t.receiptPatient}</dt>
        <dd>{receipt.patientName}</dd>
        <dt>{t.receiptToken}</dt>
        <dd>{receipt.tokenNo}</dd>
        <dt>{t.receiptDoctor}</dt>
        <dd>{receipt.doctorName}</dd>
        <dt>{t.receiptPaidAt}</dt>
        <dd>{paidAt}</dd>
        <dt>{t.receiptCashier}</dt>
        <dd>{receipt.cashierName}</dd>
      </dl>
      <table className="data-table">
        <thead>
          <tr>
            <th scope="col">{t.receiptItem}</th>
            <th scope="col" className="payments-amount">
              {t.amount}
            </th>
          </tr>
        </thead>
        <tbody>
          {receipt.items.map((item, index) => (
            <tr key={`${index}-${item.description}`}>
              <td>{item.description}</td>
              <td className="payments-amount">{item.amount}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t.receiptTotal}</th>
            <td className="payments-amount">{t.amountOf(receipt.total, receipt.currency)}</td>
          </tr>
        </tfoot>
      </table>
      <div className="button-row payments-no-print">
        <Button onClick={() => window.print()}>{t.print}</Button>
        <Button variant="secondary" onClick={onClose}>
          {t.closeReceipt}
        </Button>
      </div>
    </section>
  );
}
