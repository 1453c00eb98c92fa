import { Link } from 'react-router';
import { useConsultationsTranslate } from '@careline/i18n/consultations';
import type { AppointmentData } from '../api/consultation-documents.ts';
import { doctorFiltersQuery } from '../utils/doctor-filters.ts';

type SessionCancelRefund = NonNullable<AppointmentData['sessionCancelRefund']>;

/** The way back of a hospital refund, as the appointment says it (issue 32 §2.5). */
export function refundWayBackKey(wayBack: string | null) {
  if (wayBack === 'card') {
    return 'consultations.appointment.sessionRefund.toCard' as const;
  }
  if (wayBack === 'wallet') {
    return 'consultations.appointment.sessionRefund.toWallet' as const;
  }
  return wayBack === 'desk' ? ('consultations.appointment.sessionRefund.atDesk' as const) : ('consultations.appointment.sessionRefund.workingOut' as const);
}

/**
 * Where a hospital refund is (issue 32 §2.5): worked out ('requested'), on its way to the card or
 * wallet, or ready at the cash desk ('approved'), refunded.
 * @param refund - status and way back
 */
export function refundStateKey(refund: Pick<SessionCancelRefund, 'status' | 'wayBack'>) {
  if (refund.status === 'refunded') {
    return 'consultations.appointment.sessionRefund.refunded' as const;
  }
  if (refund.status === 'approved') {
    return refund.wayBack === 'desk'
      ? ('consultations.appointment.sessionRefund.readyAtDesk' as const)
      : ('consultations.appointment.sessionRefund.onItsWay' as const);
  }
  return 'consultations.appointment.sessionRefund.workingOut' as const;
}

/**
 * A session the hospital cancelled, on the appointment (issue 32 §2.5): the refund it made without a
 * request (amount, way back, status) and "Book another session of this doctor", to /doctor filtered
 * by the doctor.
 */
export function SessionCancelRefundPart({ refund, doctorId }: { refund: SessionCancelRefund | null; doctorId: string }) {
  const t = useConsultationsTranslate();
  return (
    <section className="appointment-session-refund" aria-labelledby="appointment-session-refund-title">
      {refund ? (
        <>
          <h2 id="appointment-session-refund-title">{t('consultations.appointment.sessionRefund.title')}</h2>
          <p>{t('consultations.appointment.sessionRefund.cancelled')}</p>
          <dl className="appointment-facts appointment-session-refund__facts">
            {refund.amount !== null && refund.amount !== undefined ? (
              <div>
                <dt>{t('consultations.appointment.sessionRefund.amount')}</dt>
                <dd className="appointment-session-refund__amount">
                  {refund.currency ? `${refund.currency} ` : ''}
                  {refund.amount}
                </dd>
              </div>
            ) : null}
            <div>
              <dt>{t('consultations.appointment.sessionRefund.wayBack')}</dt>
              <dd className="appointment-session-refund__way">{t(refundWayBackKey(refund.wayBack ?? null))}</dd>
            </div>
            <div>
              <dt>{t('consultations.appointment.sessionRefund.state')}</dt>
              <dd className={`appointment-session-refund__state appointment-session-refund__state--${refund.status}`}>{t(refundStateKey(refund))}</dd>
            </div>
          </dl>
        </>
      ) : (
        <h2 id="appointment-session-refund-title" className="visually-hidden">
          {t('consultations.appointment.bookAnotherSession')}
        </h2>
      )}
      <Link className="button button--primary button--block" to={`/doctor${doctorFiltersQuery({ selectedPractitioner: doctorId })}`}>
        {t('consultations.appointment.bookAnotherSession')}
      </Link>
    </section>
  );
}
