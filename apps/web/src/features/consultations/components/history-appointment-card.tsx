import { Link } from 'react-router';
import { useConsultationsTranslate } from '@careline/i18n/consultations';
import { useLingui } from '@careline/i18n/react';
import { Button } from '../../../components/button.tsx';
import { appointmentDateText, appointmentTimeText } from '../utils/history-groups.ts';
import { appointmentStatusKey, appointmentStatusTone, historyPaymentChip } from '../utils/history-texts.ts';

/** What a history card shows of an appointment (spec doc 2 §2 Appointment history). */
export type HistoryCardAppointment = {
  id: string;
  sessionId: string;
  patientDisplayName: string | null;
  tokenNo: number;
  start: string;
  appointmentStatus: string;
  doctorName: string | null;
  doctorRole: string | null;
  organizationName: string | null;
  /** pending, paid (spec doc 2 §4); the card marks it (issue 29 §1.3). */
  paymentStatus?: string;
  paymentRefundStatus?: string | null;
  /** Its session's charging scheme: none means a free session, nothing to pay (nothingToPay). */
  session?: { chargingSchemeId: string | null } | null;
};

export type HistoryCardAction = { label: string; onSelect: () => void };

type HistoryAppointmentCardProps = {
  appointment: HistoryCardAppointment;
  /** Extra actions under the card (rate the visit, ask for a refund). */
  actions?: HistoryCardAction[];
  /** Leaves out who it is for, inside a profile's own list. */
  showPatient?: boolean;
};

/**
 * An appointment in the history (spec doc 2 §2): start time (h:mm A), token number, status, doctor
 * name and role, and organisation, with its payment marked (issue 29 §1.3: Paid, Payment pending,
 * Appointment not paid); dates on the hospital's clock in the user's language; it opens /view/appointment.
 */
export function HistoryAppointmentCard({ appointment, actions = [], showPatient = true }: HistoryAppointmentCardProps) {
  const t = useConsultationsTranslate();
  const { i18n } = useLingui();
  const start = new Date(appointment.start);
  const date = appointmentDateText(start, i18n.locale);
  const time = appointmentTimeText(start, i18n.locale);
  const status = t(appointmentStatusKey(appointment.appointmentStatus));
  const doctor = appointment.doctorName ?? '';
  const payment =
    appointment.paymentStatus === undefined
      ? null
      : historyPaymentChip({ ...appointment, paymentStatus: appointment.paymentStatus });
  const to = `/view/appointment?sessionId=${encodeURIComponent(appointment.sessionId)}&appointmentId=${encodeURIComponent(appointment.id)}`;
  return (
    <article className="history-card">
      <Link
        className="history-card__link"
        to={to}
        aria-label={t('history.openAppointment', { doctor, date, time, tokenNo: appointment.tokenNo })}
      >
        <span className="history-card__top">
          <span className="history-card__doctor">{doctor}</span>
          <span className={`history-chip history-chip--${appointmentStatusTone(appointment.appointmentStatus)}`}>{status}</span>
        </span>
        {appointment.doctorRole ? <span className="history-card__role">{appointment.doctorRole}</span> : null}
        <span className="history-card__when">
          <time dateTime={appointment.start}>
            {date} · <strong>{time}</strong>
          </time>
          <span className="history-card__token">{t('history.token', { tokenNo: appointment.tokenNo })}</span>
        </span>
        {appointment.organizationName ? <span className="history-card__org">{appointment.organizationName}</span> : null}
        {payment ? (
          <span className={`history-chip history-chip--${payment.tone} history-card__payment`}>{t(payment.key)}</span>
        ) : null}
        {showPatient && appointment.patientDisplayName ? (
          <span className="history-card__patient">{t('history.forPatient', { name: appointment.patientDisplayName })}</span>
        ) : null}
      </Link>
      {actions.length > 0 ? (
        <div className="history-card__actions">
          {actions.map((action) => (
            <Button key={action.label} variant="secondary" onClick={action.onSelect}>
              {action.label}
            </Button>
          ))}
        </div>
      ) : null}
    </article>
  );
}
