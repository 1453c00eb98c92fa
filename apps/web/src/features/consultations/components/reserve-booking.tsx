import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQuery } from 'urql';
import type { ClientPatient } from '@careline/domain/profiles';
import { useTranslateText } from '@careline/i18n/react';
import { useConsultationsTranslate } from '@careline/i18n/consultations';
import { Button } from '../../../components/button.tsx';
import { Modal } from '../../../components/modal.tsx';
import { errorText } from '../../../lib/graphql';
import { useTenant } from '../../../lib/tenant';
import {
  createTemporaryAppointmentMutation,
  reserveAppointmentMutation,
  reserveAvailableQuery,
} from '../api/reserve-documents.ts';
import { bookingKeyFor, newBookingKey, type BookingKey } from '../utils/booking-key.ts';

/** The query parameter that carries a held temporary appointment through profile registration. */
export const TEMPORARY_APPOINTMENT_PARAM = 'temporaryAppointmentId';

/**
 * Where the user goes to register the patient after a number was held: the registration form, which
 * comes back to this session with the temporary appointment to continue reserving (doc 1 Profile
 * creation: "continue reserving").
 * @param sessionId - the session
 * @param temporaryAppointmentId - the held temporary appointment
 */
export function registrationHref(sessionId: string, temporaryAppointmentId: string): string {
  const back = `/view/session?${new URLSearchParams({ sessionId, [TEMPORARY_APPOINTMENT_PARAM]: temporaryAppointmentId }).toString()}`;
  return `/profiles/registration?${new URLSearchParams({ back }).toString()}`;
}

type ReserveState =
  | { kind: 'idle' }
  | { kind: 'confirming' }
  | { kind: 'reserving' }
  | { kind: 'failed'; error: string };

export type ReserveBookingProps = {
  sessionId: string;
  /** The profile chosen for the booking, or null. */
  patient: ClientPatient | null;
  /** The account's profiles: with none, the number is held while the patient is registered. */
  patientCount: number;
  /** A held temporary appointment to confirm for `patient` (back from registration), or null. */
  temporaryAppointmentId: string | null;
  /** Asks for a profile (the relationship modal) when the account has some but none is chosen. */
  onNeedPatient: () => void;
  /** Where to go with the booked appointment. */
  onBooked: (appointment: { id: string; sessionId: string }) => void;
  /** The session cannot be picked (full, over, cancelled). */
  disabled: boolean;
};

/**
 * The reserve (pay later) path of spec doc 2 §4 Booking step 4: offered only when the tenant allows
 * it and the server says the session can be reserved (a total above 0, no paid appointments); a
 * reserve-number confirm modal comes first. For a chosen profile it books at once (booking type
 * reserve); for an account with no profile yet it holds a number (a temporary appointment), sends the
 * user to profile registration, and on the way back confirms that number for the new profile.
 * A failure says 'Something went wrong....' with the server's reason.
 */
export function ReserveBooking({
  sessionId,
  patient,
  patientCount,
  temporaryAppointmentId,
  onNeedPatient,
  onBooked,
  disabled,
}: ReserveBookingProps) {
  const t = useConsultationsTranslate();
  const tx = useTranslateText();
  const navigate = useNavigate();
  const tenant = useTenant();
  const reserveOn = tenant.features.channelling.reserve;
  const [available] = useQuery({
    query: reserveAvailableQuery,
    variables: { sessionId },
    pause: !reserveOn || sessionId === '',
  });
  const [, reserve] = useMutation(reserveAppointmentMutation);
  const [, hold] = useMutation(createTemporaryAppointmentMutation);
  const [state, setState] = useState<ReserveState>({ kind: 'idle' });
  const lastKey = useRef<BookingKey | null>(null);
  const continued = useRef<string | null>(null);

  // Back from registration with a held number: continue reserving for the new profile, once.
  useEffect(() => {
    if (!temporaryAppointmentId || !patient || continued.current === temporaryAppointmentId) {
      return;
    }
    continued.current = temporaryAppointmentId;
    setState({ kind: 'reserving' });
    void reserve({
      patientId: patient.id,
      sessionId,
      appointmentBookingType: 'temporary',
      temporaryAppointmentId,
    }).then((answer) => {
      const appointment = answer.data?.createAppointment;
      if (answer.error || !appointment) {
        setState({ kind: 'failed', error: errorText(answer.error) });
        return;
      }
      setState({ kind: 'idle' });
      onBooked(appointment);
    });
  }, [temporaryAppointmentId, patient, sessionId, reserve, onBooked]);

  const continuing = temporaryAppointmentId !== null;
  if (!reserveOn || (!continuing && available.data?.reserveAvailable !== true)) {
    return null;
  }

  function start() {
    if (!patient && patientCount > 0) {
      onNeedPatient();
      return;
    }
    setState({ kind: 'confirming' });
  }

  async function confirm() {
    if (patient) {
      const key = bookingKeyFor(
        lastKey.current,
        { patientId: patient.id, sessionId, appointmentRescheduledFor: 'reserve' },
        newBookingKey,
      );
      lastKey.current = key;
      setState({ kind: 'reserving' });
      const answer = await reserve({
        patientId: patient.id,
        sessionId,
        idempotencyKey: key.key,
        appointmentBookingType: 'reserve',
      });
      const appointment = answer.data?.createAppointment;
      if (answer.error || !appointment) {
        setState({ kind: 'failed', error: errorText(answer.error) });
        return;
      }
      lastKey.current = null;
      setState({ kind: 'idle' });
      onBooked(appointment);
      return;
    }
    const key = bookingKeyFor(
      lastKey.current,
      { patientId: '', sessionId, appointmentRescheduledFor: 'temporary' },
      newBookingKey,
    );
    lastKey.current = key;
    setState({ kind: 'reserving' });
    const answer = await hold({ sessionId, idempotencyKey: key.key });
    const temporary = answer.data?.createTemporaryAppointment;
    if (answer.error || !temporary) {
      setState({ kind: 'failed', error: errorText(answer.error) });
      return;
    }
    lastKey.current = null;
    setState({ kind: 'idle' });
    void navigate(registrationHref(sessionId, temporary.id));
  }

  const busy = state.kind === 'reserving';
  return (
    <div className="session-screen__reserve">
      {continuing ? (
        <p className="consultations-hint" role="status">
          {busy ? t('consultations.reserve.continuing') : null}
        </p>
      ) : (
        <>
          <p className="consultations-hint">{t('consultations.reserve.hint')}</p>
          <Button
            block
            variant="secondary"
            loading={busy}
            disabled={disabled || busy}
            onClick={start}
          >
            {busy ? t('consultations.session.booking') : t('consultations.reserve.button')}
          </Button>
        </>
      )}
      <div aria-live="polite" className="booking-error">
        {state.kind === 'failed' ? (
          <div role="alert">
            <p className="booking-error__title">{t('consultations.reserve.failed')}</p>
            <p className="booking-error__detail">{tx(state.error)}</p>
          </div>
        ) : null}
      </div>
      <Modal
        open={state.kind === 'confirming'}
        title={t('consultations.reserve.title')}
        onClose={() => setState({ kind: 'idle' })}
      >
        <p>
          {patient
            ? t('consultations.reserve.confirmFor', { name: patient.displayName })
            : t('consultations.reserve.confirmNew')}
        </p>
        <div className="modal-actions">
          <Button variant="secondary" onClick={() => setState({ kind: 'idle' })}>
            {t('consultations.reserve.cancel')}
          </Button>
          <Button onClick={() => void confirm()}>{t('consultations.reserve.confirm')}</Button>
        </div>
      </Modal>
    </div>
  );
}
