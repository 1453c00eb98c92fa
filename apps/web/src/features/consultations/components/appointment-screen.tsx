import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useMutation, useQuery, useSubscription } from 'urql';
import {
  appointmentsAhead,
  cancelBlock,
  doctorLateNotice,
  estimatedWaitMinutes,
  HEARTBEAT_INTERVAL_MS,
  isHighlightedCancellation,
  lastOngoingTokens,
  minutesPerAppointment,
  sessionCancelledByHospital,
  type QueueAppointment,
} from '@careline/domain/consultations';
import { nothingToPay } from '@careline/domain/payments';
import { useLingui, useTranslate, useTranslateText } from '@careline/i18n/react';
import { useConsultationsTranslate } from '@careline/i18n/consultations';
import { Button } from '../../../components/button.tsx';
import { Modal } from '../../../components/modal.tsx';
import { useToast } from '../../../components/toast.tsx';
import { errorText } from '../../../lib/graphql';
import { useTenant } from '../../../lib/tenant';
import { ownerOf } from '../../../lib/offline/owner.ts';
import { LastUpdated } from '../../../lib/offline/last-updated.tsx';
import { offlineSavedAt } from '@careline/ui/graphql';
import { nextVisitPass, savedVisitPass, saveVisitPass } from '../../../lib/offline/visit-pass.ts';
import { getAccessToken } from '../../../lib/session/session-storage.ts';
import {
  appointmentChangedSubscription,
  appointmentHeartbeatMutation,
  appointmentQuery,
  cancelAppointmentMutation,
  sessionChangedSubscription,
  sessionTokensQuery,
  sessionTokensSubscription,
  type AppointmentData,
} from '../api/consultation-documents.ts';
import { useNow } from '../hooks/use-now.ts';
import { doctorFiltersQuery } from '../utils/doctor-filters.ts';
import { appointmentStatusKey, cancelBlockText, refundStatusText, type TextRef } from '../utils/session-card-texts.ts';
import { dayAndTime, timeOfDay } from '../utils/session-days.ts';
import { CallHospitalLink } from './call-hospital-link.tsx';
import { FeedbackForm } from './feedback-form.tsx';
import { JourneyTime, LeaveHomeNotice } from './leave-home.tsx';
import { RefundWizard } from './refund-wizard.tsx';
import { ScreenFailed, ScreenLoading } from './screen-fetch-state.tsx';
import { SessionCancelRefundPart } from './session-cancel-refund.tsx';
import { SessionCard } from './session-card.tsx';
import './consultations.css';

/**
 * The status banner of an appointment (spec doc 2 §4 Appointment status), or null. One of a free
 * session (nothingToPay: it invoices 0, 'Can not pay Rs 00.00', spec doc 2 §5) says nothing of paying.
 */
export function appointmentBanner(appointment: {
  appointmentStatus: string;
  practitionerStatus: string | null;
  paymentStatus: string;
  paymentRefundStatus: string | null;
  appointmentRescheduleStatus: string | null;
  doctorName: string | null;
  session: { chargingSchemeId: string | null };
}): { text: TextRef; tone: 'info' | 'warning' | 'danger' } | null {
  if (appointment.practitionerStatus === 'declined') {
    return {
      text: { id: 'consultations.appointment.doctorCancelled', values: { doctor: appointment.doctorName ?? '' } },
      tone: 'danger',
    };
  }
  if (appointment.appointmentStatus === 'cancelled') {
    if (appointment.appointmentRescheduleStatus === 'rescheduled') {
      return { text: { id: 'consultations.appointment.rescheduledByYou' }, tone: 'info' };
    }
    return {
      text: { id: 'consultations.appointment.cancelledByYou' },
      tone: isHighlightedCancellation(appointment) ? 'danger' : 'info',
    };
  }
  if (nothingToPay(appointment, appointment.session)) {
    return null;
  }
  if (appointment.paymentStatus === 'pending') {
    return { text: { id: 'consultations.appointment.paymentPending' }, tone: 'warning' };
  }
  if (appointment.paymentStatus !== 'paid') {
    return { text: { id: 'consultations.appointment.notPaid' }, tone: 'warning' };
  }
  return null;
}

/**
 * 'Your turn at about 11:40' (issue 32 §1.2): the server's estimate, read again at every change of the
 * session, at the hospital's clock; not before now while no change comes (a late doctor keeps it moving).
 */
function ExpectedTurn({ expectedCallAt, now }: { expectedCallAt: string | null | undefined; now: Date }) {
  const t = useConsultationsTranslate();
  const { i18n } = useLingui();
  if (!expectedCallAt) {
    return null;
  }
  const at = new Date(Math.max(Date.parse(expectedCallAt), now.getTime())).toISOString();
  // Keyed by the time shown, so a new estimate animates in (consultations-pop, off with reduced motion).
  return (
    <p key={at.slice(0, 16)} className="queue__turn">
      {t('consultations.appointment.expectedTurn', { time: timeOfDay(at, i18n.locale) })}
    </p>
  );
}

/** The queue as the patient sees it: the last 3 ongoing tokens, how many are ahead, the estimated wait. */
function QueueDisplay({ appointment, tokens, now }: { appointment: AppointmentData; tokens: QueueAppointment[]; now: Date }) {
  const t = useConsultationsTranslate();
  const ongoing = lastOngoingTokens(tokens);
  const ahead = appointmentsAhead(tokens, appointment.tokenNo);
  const slot = minutesPerAppointment({
    startTime: new Date(appointment.session.startTime),
    endTime: new Date(appointment.session.endTime),
    appointmentMaxAllowed: appointment.session.appointmentMaxAllowed,
  });
  const wait = estimatedWaitMinutes(ahead, slot);
  return (
    <section className="queue" aria-labelledby="queue-title" aria-live="polite">
      <h2 id="queue-title" className="queue__title">
        {t('consultations.appointment.ongoingTokens')}
      </h2>
      {ongoing.length === 0 ? (
        <p className="queue__none">{t('consultations.appointment.noOngoing')}</p>
      ) : (
        <ol className="queue__tokens">
          {ongoing.map((token) => (
            <li key={token} className="queue__token">
              {token}
            </li>
          ))}
        </ol>
      )}
      <ExpectedTurn expectedCallAt={appointment.expectedCallAt} now={now} />
      <p className="queue__ahead">{t('consultations.appointment.ahead', { count: ahead })}</p>
      {wait === null || ahead === 0 ? null : (
        <p className="queue__wait">{t('consultations.appointment.estimatedWait', { minutes: Math.round(wait) })}</p>
      )}
    </section>
  );
}

export type AppointmentScreenProps = {
  /** Slot: replaces the refund wizard (features/consultations/components/refund-wizard.tsx) if given. */
  refundSlot?: (appointment: AppointmentData, close: () => void) => ReactNode;
  /** Slot: replaces the feedback form (features/consultations/components/feedback-form.tsx) if given. */
  feedbackSlot?: (appointment: AppointmentData) => ReactNode;
  /** Slot: pay now and the gateway's return (features/payments, composed in app/routes.tsx); onPaid reads again. */
  paymentSlot?: (appointment: AppointmentData, onPaid: () => void) => ReactNode;
  /** Slot: the questionnaire banner and modal (features/questionnaires, composed in app/routes.tsx). */
  questionnaireSlot?: (appointment: AppointmentData) => ReactNode;
  /** Slot: the video consultation's part (features/video, composed in app/routes.tsx). */
  videoSlot?: (appointment: AppointmentData) => ReactNode;
};

/**
 * /view/appointment?sessionId&appointmentId: the appointment, its status, token and the live queue,
 * cancel, reschedule, refund and feedback (spec doc 2 §2, §4). An appointment not of the account's
 * own profiles answers like a missing one, and goes to /accessDenied.
 */
export function AppointmentScreen({
  refundSlot,
  feedbackSlot,
  paymentSlot,
  questionnaireSlot,
  videoSlot,
}: AppointmentScreenProps) {
  const t = useConsultationsTranslate();
  const tm = useTranslate();
  const tx = useTranslateText();
  const { i18n } = useLingui();
  const toast = useToast();
  const tenant = useTenant();
  const now = useNow();
  const [searchParams] = useSearchParams();
  const appointmentId = searchParams.get('appointmentId') ?? '';
  const [result, reexecute] = useQuery({
    query: appointmentQuery,
    variables: { id: appointmentId },
    pause: appointmentId === '',
    requestPolicy: 'cache-and-network',
  });
  const appointment = result.data?.queryAppointment[0] ?? null;
  const sessionId = appointment?.sessionId ?? searchParams.get('sessionId') ?? '';
  const [tokensResult, reexecuteTokens] = useQuery({
    query: sessionTokensQuery,
    variables: { sessionId },
    pause: appointment === null,
    requestPolicy: 'cache-and-network',
  });
  const [, cancelAppointment] = useMutation(cancelAppointmentMutation);
  const [, heartbeat] = useMutation(appointmentHeartbeatMutation);
  const [confirming, setConfirming] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [cancelError, setCancelError] = useState<string | null>(null);
  const [refundOpen, setRefundOpen] = useState(false);
  const paymentRef = useRef<HTMLDivElement>(null);

  const live = appointment === null;
  const refetch = useMemo(
    () => () => {
      reexecute({ requestPolicy: 'network-only' });
      reexecuteTokens({ requestPolicy: 'network-only' });
    },
    [reexecute, reexecuteTokens],
  );
  // spec doc 2 §4 Live updates: each event refetches what is shown, so no reload is needed.
  const [tokenEvents] = useSubscription({
    query: sessionTokensSubscription,
    variables: { sessionId },
    pause: live,
  });
  // The tokens of whichever came last, a read or a live delivery: a read again after missed live
  // updates (the client's resync, issue 31 §2.6) must replace the last delivery, not hide behind it.
  const [shownTokens, setShownTokens] = useState<QueueAppointment[] | null>(null);
  useEffect(() => {
    if (tokensResult.data) {
      setShownTokens(tokensResult.data.querySessionTokens);
    }
  }, [tokensResult.data]);
  useEffect(() => {
    if (tokenEvents.data) {
      setShownTokens(tokenEvents.data.subscribeSessionTokens);
    }
  }, [tokenEvents.data]);
  useSubscription(
    { query: appointmentChangedSubscription, variables: { patientId: [appointment?.patientId ?? ''], sessionId }, pause: live },
    (_previous, event) => {
      refetch();
      return event;
    },
  );
  useSubscription({ query: sessionChangedSubscription, variables: { id: sessionId }, pause: live }, (_previous, event) => {
    refetch();
    return event;
  });

  // issue 32 §4.7: an upcoming appointment read online becomes the visit pass an offline start opens.
  const freshAppointment = offlineSavedAt(result.extensions) === null ? appointment : null;
  const passId = freshAppointment?.id ?? null;
  const passStart = freshAppointment?.session.startTime ?? null;
  // A session the hospital cancelled has no visit to pass into (issue 32 §2.5).
  const passActive =
    (freshAppointment?.appointmentStatus === 'booked' || freshAppointment?.appointmentStatus === 'arrived') &&
    !sessionCancelledByHospital(freshAppointment, freshAppointment.session);
  useEffect(() => {
    const owner = ownerOf(getAccessToken());
    if (passId === null || passStart === null || owner === null) {
      return;
    }
    saveVisitPass(nextVisitPass(savedVisitPass(), { owner, appointmentId: passId, startTime: passStart, active: passActive }, new Date()));
  }, [passId, passStart, passActive]);

  // spec doc 2 §9: the last-seen heartbeat every 60 s while the appointment is open.
  const heartbeatId = appointment?.id ?? null;
  useEffect(() => {
    if (heartbeatId === null) {
      return undefined;
    }
    const beat = () => void heartbeat({ id: heartbeatId });
    beat();
    const timer = window.setInterval(beat, HEARTBEAT_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [heartbeatId, heartbeat]);

  if (appointmentId === '') {
    return <Navigate to="/accessDenied" replace />;
  }
  const heading = <h1 id="appointment-screen-title">{t('consultations.appointment.title')}</h1>;
  const frame = { className: 'appointment-screen', titleId: 'appointment-screen-title', heading };
  if (!result.data && !result.error) {
    return <ScreenLoading {...frame} />;
  }
  if (result.error && !result.data) {
    return <ScreenFailed {...frame} onRetry={() => reexecute({ requestPolicy: 'network-only' })} />;
  }
  if (!appointment) {
    // spec doc 2 §2: an appointment that is not one of the account's profiles' → /accessDenied
    return <Navigate to="/accessDenied" replace />;
  }

  const tokens: QueueAppointment[] = shownTokens ?? tokensResult.data?.querySessionTokens ?? [];
  const banner = appointmentBanner(appointment);
  // issue 32 §1.4: the doctor is late (not started on time) or staff marked a delay; live by the session's events.
  const late = doctorLateNotice(
    { appointmentStatus: appointment.appointmentStatus, lateNoticeAt: appointment.lateNoticeAt ? new Date(appointment.lateNoticeAt) : null },
    {
      status: appointment.session.status,
      sessionStartedTime: appointment.session.sessionStartedTime ? new Date(appointment.session.sessionStartedTime) : null,
      delayMinutes: appointment.session.delayMinutes ?? null,
    },
  );
  const doctor = appointment.doctorName ?? appointment.session.practitioner.text;
  const refund = appointment.paymentRefundStatus ? refundStatusText(appointment.paymentRefundStatus) : null;
  const start = new Date(appointment.session.startTime);
  const cancelEnabled = tenant.features.appointmentCancel.enabled;
  const block = cancelBlock(appointment, start, now);
  const blockText = block ? cancelBlockText(block) : null;
  // Issue 32 §2.5: the hospital cancelled the session. Its paid appointments are refunded by themselves
  // and another session of the doctor is offered instead, so there is nothing to cancel, move, claim,
  // queue for or pay (the server refuses these too: ARO-E4070).
  const hospitalCancelled = sessionCancelledByHospital(appointment, appointment.session);
  const active = (appointment.appointmentStatus === 'booked' || appointment.appointmentStatus === 'arrived') && !hospitalCancelled;
  const rescheduled = appointment.appointmentRescheduleStatus === 'rescheduled';
  const canReschedule = appointment.appointmentStatus === 'booked' && !rescheduled && !hospitalCancelled;
  // spec doc 2 §4: 'Payment pending' (with 'Retry Booking'): a booked appointment still to pay, not a
  // reschedule (its payment moves along), goes back to paying it, in the payment part below.
  const retryBooking =
    paymentSlot !== undefined &&
    !hospitalCancelled &&
    appointment.appointmentStatus === 'booked' &&
    appointment.paymentStatus === 'pending' &&
    !rescheduled &&
    !appointment.appointmentRescheduledFor;

  function retryPayment() {
    refetch();
    const part = paymentRef.current;
    if (part) {
      // jsdom and old browsers lack scrollIntoView.
      if (typeof part.scrollIntoView === 'function') {
        part.scrollIntoView({ block: 'start' });
      }
      part.focus();
    }
  }

  async function confirmCancel() {
    if (!appointment) {
      return;
    }
    setCancelling(true);
    setCancelError(null);
    const answer = await cancelAppointment({ id: appointment.id });
    setCancelling(false);
    if (answer.error) {
      setCancelError(errorText(answer.error));
      return;
    }
    setConfirming(false);
    toast.show(t('consultations.appointment.cancelDone'), 'success');
    refetch();
  }

  return (
    <section className="screen appointment-screen" aria-labelledby="appointment-screen-title">
      {heading}
      {banner ? (
        <div className={`consultations-banner consultations-banner--${banner.tone}`}>
          <p role="status">{t(banner.text.id, banner.text.values)}</p>
          {retryBooking && banner.text.id === 'consultations.appointment.paymentPending' ? (
            <Button variant="secondary" onClick={retryPayment}>
              {t('consultations.appointment.retryBooking')}
            </Button>
          ) : null}
        </div>
      ) : null}

      {late ? (
        <div className="consultations-banner consultations-banner--warning" data-testid="doctor-late">
          <p role="status">
            {late.kind === 'delayed'
              ? t('consultations.appointment.doctorDelayed', { doctor, minutes: late.minutes })
              : t('consultations.appointment.doctorLate', { doctor })}
          </p>
        </div>
      ) : null}

      <LastUpdated extensions={result.extensions} />

      <SessionCard
        session={appointment.session}
        variant="SESSION_VIEW"
        now={now}
        appointment={{ tokenNo: appointment.tokenNo, appointmentStatus: appointment.appointmentStatus }}
      />

      {/* spec doc 2 §2: the questionnaire banner after the session card, gated by questionnaireResponse (doc 3 §2). */}
      {tenant.features.questionnaireResponse.enabled && questionnaireSlot ? questionnaireSlot(appointment) : null}
      {/* spec doc 2 §1: the first tenant's screening-questionnaire link on channelling. */}
      {tenant.features.channelling.enabled && tenant.features.channelling.questionnaireLink && active ? (
        <p className="appointment-screening">
          <a href={tenant.features.channelling.questionnaireLink} target="_blank" rel="noopener noreferrer">
            {tm('questionnaires.screeningLink')} <span className="visually-hidden">{tm('questionnaires.opensNewTab')}</span>
          </a>
        </p>
      ) : null}
      {/* spec doc 2 §2 Video consultation screens: the video appointment's part (the call history). */}
      {videoSlot ? videoSlot(appointment) : null}

      <dl className="appointment-facts">
        <div className="appointment-facts__token">
          <dt>{t('consultations.appointment.tokenNumber')}</dt>
          <dd key={appointment.tokenNo} className="appointment-facts__token-number">
            {appointment.tokenNo}
          </dd>
        </div>
        <div>
          <dt>{t('consultations.appointment.status')}</dt>
          <dd>{t(appointmentStatusKey(appointment.appointmentStatus))}</dd>
        </div>
        <div>
          <dt>{t('consultations.appointment.time')}</dt>
          {/* The day too: the session card shows only the time, and this screen has no day heading. */}
          <dd>
            <time dateTime={appointment.session.startTime}>{dayAndTime(appointment.session.startTime, i18n.locale)}</time>
          </dd>
        </div>
        <div>
          <dt>{t('consultations.appointment.bookedFor')}</dt>
          <dd>
            {appointment.patientDisplayName}
            {appointment.patientRelationship ? ` · ${tx(appointment.patientRelationship)}` : ''}
          </dd>
        </div>
        <div>
          <dt>{t('consultations.appointment.location')}</dt>
          <dd>{appointment.session.location.locationName ?? appointment.session.organization.orgName}</dd>
        </div>
        {refund ? (
          <div>
            <dt>{t('consultations.appointment.refund')}</dt>
            <dd className="appointment-facts__refund">{'id' in refund ? t(refund.id) : refund.raw}</dd>
          </div>
        ) : null}
      </dl>

      {/* Issue 32 §2.5: the hospital cancelled the session: its refund, and another session of the doctor. */}
      {appointment.sessionCancelRefund || hospitalCancelled ? (
        <SessionCancelRefundPart
          refund={appointment.sessionCancelRefund ?? null}
          doctorId={appointment.doctorId ?? appointment.session.practitioner.id}
        />
      ) : null}

      {/* Slot: the payment method choice and invoice (spec doc 2 §2 Appointment and session detail); of a
          session the hospital cancelled, only a paid one's proof of payment. */}
      {paymentSlot && (!hospitalCancelled || appointment.paymentStatus === 'paid') ? (
        <div ref={paymentRef} tabIndex={-1} className="appointment-payment">
          {paymentSlot(appointment, refetch)}
        </div>
      ) : null}

      {active ? <QueueDisplay appointment={appointment} tokens={tokens} now={now} /> : null}
      {appointment.appointmentStatus === 'booked' && !hospitalCancelled ? (
        <>
          <LeaveHomeNotice leaveHome={appointment.leaveHome} />
          <JourneyTime appointment={appointment} onSaved={refetch} />
        </>
      ) : null}

      <div className="appointment-actions">
        {cancelEnabled && appointment.appointmentStatus !== 'cancelled' && !hospitalCancelled ? (
          blockText ? (
            <p className="consultations-banner consultations-banner--warning" role="note">
              {t('consultations.appointment.cancelBlocked', {
                reason: t(blockText.id, blockText.statusKey ? { status: t(blockText.statusKey) } : undefined),
              })}
            </p>
          ) : (
            <Button variant="danger" block onClick={() => setConfirming(true)}>
              {t('consultations.appointment.cancel')}
            </Button>
          )
        ) : null}
        {canReschedule ? (
          <Link
            className="button button--secondary button--block"
            to={`/doctor${doctorFiltersQuery({
              selectedPractitioner: appointment.doctorId ?? appointment.session.practitioner.id,
              appointmentRescheduledFor: appointment.id,
            })}`}
          >
            {t('consultations.appointment.reschedule')}
          </Link>
        ) : null}
        {/* spec doc 2 §4 Refund: offered when appointmentRefund is on; the wizard says why it is blocked. */}
        {tenant.features.appointmentRefund.enabled && !hospitalCancelled ? (
          <Button variant="secondary" block onClick={() => setRefundOpen(true)}>
            {t('refund.title')}
          </Button>
        ) : null}
        <CallHospitalLink organizationId={appointment.organizationId} hospitalName={appointment.organizationName} />
      </div>

      {/* Slot: the feedback form (spec doc 2 §2: after fulfilment). */}
      {appointment.appointmentStatus === 'fulfilled' ? (
        <section className="appointment-feedback" aria-labelledby="appointment-feedback-title">
          <h2 id="appointment-feedback-title">{t('feedback.title')}</h2>
          {feedbackSlot ? (
            feedbackSlot(appointment)
          ) : (
            <FeedbackForm
              appointment={{
                id: appointment.id,
                appointmentStatus: appointment.appointmentStatus,
                start: appointment.start ?? appointment.session.startTime,
                organizationId: appointment.organizationId,
                feedbackRating: appointment.feedbackRating ?? null,
                feedbackComment: appointment.feedbackComment ?? null,
              }}
              onDone={() => refetch()}
            />
          )}
        </section>
      ) : null}

      {/* Slot: the refund wizard (spec doc 2 §4 Refund). */}
      {refundOpen
        ? refundSlot
          ? refundSlot(appointment, () => setRefundOpen(false))
          : (
              <RefundWizard
                appointment={{
                  id: appointment.id,
                  patientId: appointment.patientId,
                  organizationId: appointment.organizationId ?? appointment.session.organization.id,
                  paymentStatus: appointment.paymentStatus,
                  paymentRefundStatus: appointment.paymentRefundStatus ?? null,
                  appointmentRescheduleStatus: appointment.appointmentRescheduleStatus ?? null,
                }}
                onDone={(outcome) => {
                  setRefundOpen(false);
                  if (outcome === 'requested') {
                    refetch();
                  }
                }}
              />
            )
        : null}

      <Modal
        open={confirming}
        title={t('consultations.appointment.cancelConfirmTitle')}
        onClose={() => setConfirming(false)}
      >
        <p>{t('consultations.appointment.cancelConfirmText')}</p>
        {cancelError ? (
          <p className="booking-error__detail" role="alert">
            {tx(cancelError)}
          </p>
        ) : null}
        <div className="modal-actions">
          <Button variant="secondary" onClick={() => setConfirming(false)} disabled={cancelling}>
            {t('consultations.appointment.keep')}
          </Button>
          <Button variant="danger" loading={cancelling} onClick={() => void confirmCancel()}>
            {t('consultations.appointment.cancelConfirm')}
          </Button>
        </div>
      </Modal>
    </section>
  );
}
