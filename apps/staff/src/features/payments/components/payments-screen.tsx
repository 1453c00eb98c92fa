import { useId, useState } from 'react';
import { useQuery } from 'urql';
import { Alert, Button, PageHeading, TextField } from '@careline/ui/components';
import { useErrorText } from '../../../lib/error-text.ts';
import { hospitalClock, hospitalDayOf, shiftDay } from '../../../lib/hospital-time.ts';
import type { Hospital } from '../../../lib/staff-session.tsx';
import { staffPaymentsOfDayQuery } from '../api/payments-operations.ts';
import { usePaymentsMessages } from '../messages.ts';
import { CashDesk } from './cash-desk.tsx';
import { ReconcilePanel } from './reconcile-panel.tsx';
import { RefundsPanel } from './refunds-panel.tsx';
import './payments-screen.css';

/** What the member may do on the payments screen (from the server's policy for their roles here). */
export type PaymentsAbilities = { cash: boolean; refunds: boolean; decide: boolean; reconcile: boolean };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The current hospital's payments (issue 9 §8, §9): the day's payments with totals per gateway, the
 * cash desk with its printable receipt, refund requests to decide, and gateway notifications to
 * reconcile.
 * @param props - the hospital and what the member may do
 */
export function PaymentsScreen({ hospital, may }: { hospital: Hospital; may: PaymentsAbilities }) {
  const t = usePaymentsMessages();
  const [day, setDay] = useState(() => hospitalDayOf(new Date()));
  const shownDay = DAY.test(day) ? day : hospitalDayOf(new Date());
  const [refreshKey, setRefreshKey] = useState(0);
  return (
    <>
      <PageHeading documentTitle={t.documentTitle}>{t.heading}</PageHeading>
      <p>{t.intro(hospital.name)}</p>
      <div className="filter-bar">
        <Button variant="secondary" onClick={() => setDay((d) => shiftDay(DAY.test(d) ? d : shownDay, -1))}>
          {t.previousDay}
        </Button>
        <TextField label={t.day} type="date" value={day} onChange={(value) => value && setDay(value)} />
        <Button variant="secondary" onClick={() => setDay((d) => shiftDay(DAY.test(d) ? d : shownDay, 1))}>
          {t.nextDay}
        </Button>
      </div>
      <DayPayments key={`${shownDay}:${refreshKey}`} hospital={hospital} day={shownDay} />
      {may.cash ? <CashDesk key={shownDay} hospital={hospital} day={shownDay} onPaid={() => setRefreshKey((k) => k + 1)} /> : null}
      {may.refunds ? <RefundsPanel hospital={hospital} mayDecide={may.decide} /> : null}
      {may.reconcile ? <ReconcilePanel hospital={hospital} /> : null}
    </>
  );
}

/**
 * The payments of one hospital day, card and cash, with the totals of the accepted ones per gateway.
 * @param props - the hospital and the day
 */
export function DayPayments({ hospital, day }: { hospital: Hospital; day: string }) {
  const t = usePaymentsMessages();
  const errorText = useErrorText();
  const headingId = useId();
  const [{ data, fetching, error }] = useQuery({
    query: staffPaymentsOfDayQuery,
    variables: { organizationId: hospital.id, date: day },
    requestPolicy: 'cache-and-network',
  });
  const result = data?.staffPaymentsOfDay;
  return (
    <section aria-labelledby={headingId} className="payments-panel">
      <h2 id={headingId}>{t.dayHeading}</h2>
      {error ? <Alert tone="error">{errorText(error)}</Alert> : null}
      {fetching && !data ? <p role="status">{t.loading}</p> : null}
      {result && result.totals.length > 0 ? (
        <>
          <h3>{t.totalsHeading}</h3>
          <ul className="payments-totals">
            {result.totals.map((total) => (
              <li key={`${total.paymentGatewayType}:${total.currency}`}>
                {t.totalOf(t.gatewayName(total.paymentGatewayType), total.count, t.amountOf(total.total, total.currency))}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {result && result.payments.length === 0 ? <p className="empty-state">{t.dayEmpty}</p> : null}
      {result && result.payments.length > 0 ? (
        <div className="table-scroll">
          <table className="data-table">
            <caption>{t.dayCaption(day)}</caption>
            <thead>
              <tr>
                <th scope="col">{t.time}</th>
                <th scope="col">{t.patient}</th>
                <th scope="col">{t.token}</th>
                <th scope="col">{t.gateway}</th>
                <th scope="col">{t.reference}</th>
                <th scope="col">{t.status}</th>
                <th scope="col" className="payments-amount">
                  {t.amount}
                </th>
              </tr>
            </thead>
            <tbody>
              {result.payments.map((payment) => (
                <tr key={payment.id}>
                  <td>{hospitalClock(String(payment.createdTime))}</td>
                  <td>{payment.patientName ?? '—'}</td>
                  <td>{payment.tokenNo ?? '—'}</td>
                  <td>{t.gatewayName(payment.paymentGatewayType)}</td>
                  <td>{payment.transactionReference}</td>
                  <td>{t.paymentStatus(payment.status)}</td>
                  <td className="payments-amount">{t.amountOf(payment.amount, payment.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
