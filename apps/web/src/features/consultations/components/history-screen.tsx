import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from 'urql';
import { canGiveFeedback, refundBlock } from '@careline/domain/consultations';
import { REQUEST_STATE } from '@careline/domain/shell';
import { useConsultationsTranslate } from '@careline/i18n/consultations';
import { useTranslateText } from '@careline/i18n/react';
import { Button } from '../../../components/button.tsx';
import { HistoryBottomBar } from '../../../components/history-bottom-bar.tsx';
import { Modal } from '../../../components/modal.tsx';
import { errorText } from '../../../lib/graphql';
import { useSession } from '../../../lib/session';
import { useHideMainBottomBar } from '../../../lib/shell/chrome-context.tsx';
import { useTenant } from '../../../lib/tenant';
import { historyAppointmentsQuery, type HistoryAppointment } from '../api/history.ts';
import type { HistoryCardAction } from './history-appointment-card.tsx';
import { HistoryAppointmentList } from './history-appointment-list.tsx';
import { HistoryProfileCard } from './history-profile-card.tsx';
import { FeedbackForm } from './feedback-form.tsx';
import { RefundWizard } from './refund-wizard.tsx';
import './history.css';

/** spec doc 2 §7 queryAppointment: limit 5000 (§9). */
const APPOINTMENT_LIMIT = 5000;

type HistoryScreenProps = {
  /** The clock; tests pass a fixed one. */
  now?: Date;
};

type Dialog = { kind: 'feedback'; appointment: HistoryAppointment } | { kind: 'refund'; appointment: HistoryAppointment } | null;

/**
 * /history/appointments (spec doc 2 §2 Appointment history): Today, Upcoming and Past, 8 then 8
 * more; the empty state with a button to book; profile cards with their appointments and loyalty;
 * the history bottom bar. ?patientId narrows the list to one profile (the profile card's link).
 */
export function HistoryScreen({ now: fixedNow }: HistoryScreenProps) {
  const t = useConsultationsTranslate();
  const tx = useTranslateText();
  const session = useSession();
  const tenant = useTenant();
  const [searchParams, setSearchParams] = useSearchParams();
  const [now] = useState(() => fixedNow ?? new Date());
  const [dialog, setDialog] = useState<Dialog>(null);
  // spec doc 1 §2: the history screens carry the history bottom bar instead of the main one.
  useHideMainBottomBar(true);

  const account = session.account;
  const patients = useMemo(() => account?.patientList ?? [], [account]);
  const references = useMemo(() => patients.map((patient) => `Patient/${patient.id}`), [patients]);
  const [result, reexecute] = useQuery({
    query: historyAppointmentsQuery,
    variables: { participantActorReference: references, limit: APPOINTMENT_LIMIT },
    pause: references.length === 0,
    requestPolicy: 'cache-and-network',
  });

  const filterId = searchParams.get('patientId');
  const filterPatient = filterId ? (patients.find((patient) => patient.id === filterId) ?? null) : null;
  const appointments = useMemo(() => result.data?.queryAppointment ?? [], [result.data]);
  const listed = filterPatient ? appointments.filter((item) => item.patientId === filterPatient.id) : appointments;

  const actionsFor = (appointment: HistoryAppointment): HistoryCardAction[] => {
    const actions: HistoryCardAction[] = [];
    if (
      appointment.feedbackRating === null &&
      canGiveFeedback({ appointmentStatus: appointment.appointmentStatus, start: new Date(appointment.start) }, now)
    ) {
      actions.push({ label: t('history.rateVisit'), onSelect: () => setDialog({ kind: 'feedback', appointment }) });
    }
    // spec doc 2 §4 Refund: offered when appointmentRefund is on; the list offers it only where it can go through.
    if (
      tenant.features.appointmentRefund.enabled &&
      refundBlock({
        paymentStatus: appointment.paymentStatus,
        practitionerPaymentStatus: null,
        paymentRefundStatus: appointment.paymentRefundStatus,
        appointmentRescheduleStatus: appointment.appointmentRescheduleStatus,
      }) === null
    ) {
      actions.push({ label: t('history.requestRefund'), onSelect: () => setDialog({ kind: 'refund', appointment }) });
    }
    return actions;
  };

  const closeDialog = () => setDialog(null);
  const refresh = () => reexecute({ requestPolicy: 'network-only' });

  let content;
  if (!account && session.accountState === REQUEST_STATE.FAILED) {
    content = (
      <div className="history-state" role="alert">
        <p>{t('history.loadFailed')}</p>
        <Button onClick={() => void session.refreshAccount()}>{t('consultations.tryAgain')}</Button>
      </div>
    );
  } else if (!account || (references.length > 0 && !result.data && !result.error)) {
    content = <HistorySkeleton label={t('history.loading')} />;
  } else if (result.error && !result.data) {
    content = (
      <div className="history-state" role="alert">
        <p>{t('history.loadFailed')}</p>
        <p className="history-error">{tx(errorText(result.error))}</p>
        <Button onClick={refresh}>{t('consultations.tryAgain')}</Button>
      </div>
    );
  } else if (listed.length === 0) {
    content = (
      <div className="history-state history-state--empty">
        <p className="history-state__title">{t('history.empty')}</p>
        <Link className="button button--primary button--block" to="/doctor">
          {t('history.book')}
        </Link>
      </div>
    );
  } else {
    content = <HistoryAppointmentList appointments={listed} now={now} headingLevel={2} actionsFor={actionsFor} />;
  }

  return (
    <div className="history-screen">
      <h1 className="history-screen__title">{filterPatient ? t('history.filteredFor', { name: filterPatient.displayName }) : t('history.title')}</h1>
      {filterPatient ? (
        <Button
          variant="text"
          onClick={() => {
            const next = new URLSearchParams(searchParams);
            next.delete('patientId');
            setSearchParams(next, { replace: true });
          }}
        >
          {t('history.showEveryone')}
        </Button>
      ) : null}
      {content}
      {account && !filterPatient && patients.length > 0 && result.data ? (
        <section className="history-profiles" aria-labelledby="history-profiles-heading">
          <h2 id="history-profiles-heading" className="history-group__heading">
            {t('history.profiles')}
          </h2>
          {patients.map((patient) => (
            <HistoryProfileCard
              key={patient.id}
              patient={patient}
              loyaltyAccounts={account.loyaltyAccounts}
              appointments={appointments.filter((item) => item.patientId === patient.id)}
              tenant={tenant}
              now={now}
              actionsFor={actionsFor}
            />
          ))}
        </section>
      ) : null}
      {dialog?.kind === 'feedback' ? (
        <Modal open title={t('feedback.title')} onClose={closeDialog}>
          <FeedbackForm
            appointment={dialog.appointment}
            now={() => now}
            onDone={() => {
              closeDialog();
              refresh();
            }}
          />
        </Modal>
      ) : null}
      {dialog?.kind === 'refund' ? (
        <RefundWizard
          appointment={dialog.appointment}
          onDone={(outcome) => {
            closeDialog();
            if (outcome === 'requested') {
              refresh();
            }
          }}
        />
      ) : null}
      <HistoryBottomBar />
    </div>
  );
}

/** The screen's shape while it loads (DESIGN.md: skeletons, not blank pages), named for screen readers. */
function HistorySkeleton({ label }: { label: string }) {
  return (
    <div className="history-skeleton" role="status" aria-busy="true">
      <span className="visually-hidden">{label}</span>
      {[0, 1, 2].map((index) => (
        <div key={index} className="history-skeleton__card" aria-hidden="true">
          <span />
          <span />
          <span />
        </div>
      ))}
    </div>
  );
}
