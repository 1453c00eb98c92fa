import { useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { pickBlockText, sessionPickBlock } from '@careline/domain/consultations';
import { parseErrorString } from '@careline/domain/error-wire';
import { englishErrorString } from '@careline/i18n/errors';
import type { ClientPatient } from '@careline/domain/profiles';
import { useTranslateText } from '@careline/i18n/react';
import { useConsultationsTranslate } from '@careline/i18n/consultations';
import { Button } from '../../../components/button.tsx';
import { errorCodes, errorText } from '../../../lib/graphql';
import { useSession } from '../../../lib/session';
import { useTenant } from '../../../lib/tenant';
import {
  appointmentQuery,
  createAppointmentMutation,
  myAppointmentInSessionQuery,
  sessionsQuery,
} from '../api/consultation-documents.ts';
import { useNow } from '../hooks/use-now.ts';
import { useRelationshipPrompt } from '../hooks/use-relationship-prompt.ts';
import { bookingKeyFor, newBookingKey, type BookingKey } from '../utils/booking-key.ts';
import { CallHospitalLink } from './call-hospital-link.tsx';
import { ReserveBooking, TEMPORARY_APPOINTMENT_PARAM } from './reserve-booking.tsx';
import { ScreenFailed, ScreenLoading } from './screen-fetch-state.tsx';
import { SessionCard } from './session-card.tsx';
import './consultations.css';

/** What the screen needs of the relationship modal (features/profiles'), passed in by the route. */
export type RelationshipPickerProps = {
  open: boolean;
  onSelect: (patient: ClientPatient) => void;
  onClose: () => void;
  /** Shown at the top of the modal: the blinking 'Select the relationship' after 5 s. */
  notice?: ReactNode;
};

/** An appointment the screen booked. */
export type BookedAppointment = { id: string; sessionId: string };

/** What the pay-now part of the booking step gets from the screen (spec doc 2 §4 Booking pay-now). */
export type PayNowBooking = {
  sessionId: string;
  /** The session's participation mode (a video session's payment has its own flag). */
  participationMode: string | null;
  /** The profile chosen for the appointment, or null. */
  patientId: string | null;
  /**
   * Books the appointment for the chosen profile, showing 'BOOKING ...' and, on failure, 'Sorry,
   * Unable to book at the moment' with the reason; the one booked here already is answered again.
   */
  book: () => Promise<{ appointment: BookedAppointment } | { error: string }>;
  /** Opens the booked appointment's screen. */
  onBooked: (appointment: BookedAppointment) => void;
  /** The session cannot be booked now, or a booking is running. */
  disabled: boolean;
};

/** Pay now in the booking step (features/payments, composed in app/routes.tsx). */
export type PayNowSlot = {
  /** Whether the tenant takes an online payment for a session of this participation mode. */
  offered: (participationMode: string | null) => boolean;
  render: (booking: PayNowBooking) => ReactNode;
};

export type SessionScreenProps = {
  /** The relationship modal; without one the profiles are listed to choose from. */
  RelationshipPicker?: ComponentType<RelationshipPickerProps>;
  /** Pay now in the booking step; without it only the hospital's counter (cash) books here. */
  payNow?: PayNowSlot;
};

type BookingState = { kind: 'idle' } | { kind: 'booking' } | { kind: 'failed'; error: string };

// The catalogue's own words for a profile that holds a place in the session already (ARO-E4003).
const ALREADY_BOOKED_TEXT = parseErrorString(englishErrorString('ARO-E4003')).text;

/** The address of an appointment's screen. */
export function appointmentHref(sessionId: string, appointmentId: string): string {
  return `/view/appointment?${new URLSearchParams({ sessionId, appointmentId }).toString()}`;
}

/**
 * /view/session?sessionId: the session, whom the booking is for, and the booking step: pay now where
 * the tenant takes online payment (the payments feature's part, given by the route), booking at the
 * hospital's counter (cash), reserving, or a reschedule (spec doc 2 §2, §4 Booking, Reschedule).
 */
export function SessionScreen({ RelationshipPicker, payNow }: SessionScreenProps) {
  const t = useConsultationsTranslate();
  const tx = useTranslateText();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('sessionId') ?? '';
  const appointmentRescheduledFor = searchParams.get('appointmentRescheduledFor') || null;
  // Back from profile registration with a number held on the reserve path (reserve-booking.tsx).
  const temporaryAppointmentId = searchParams.get(TEMPORARY_APPOINTMENT_PARAM) || null;
  const session = useSession();
  const tenant = useTenant();
  const now = useNow();
  const [result, reexecute] = useQuery({ query: sessionsQuery, variables: { id: sessionId }, pause: sessionId === '' });
  const [, bookAppointment] = useMutation(createAppointmentMutation);
  const [patient, setPatient] = useState<ClientPatient | null>(null);
  const [pickerOpen, setPickerOpen] = useState(false);
  const [booking, setBooking] = useState<BookingState>({ kind: 'idle' });
  const lastKey = useRef<BookingKey | null>(null);
  // The appointment booked on this screen per profile (pay now books before it pays): a second tap,
  // after a payment that did not start, pays that one rather than booking again.
  const bookedFor = useRef(new Map<string, BookedAppointment>());
  const prompted = useRelationshipPrompt(pickerOpen);
  const openedOnArrival = useRef(false);
  const data = result.data?.querySession[0] ?? null;
  const block = data
    ? sessionPickBlock({
        status: data.status,
        appointmentMaxAllowed: data.appointmentMaxAllowed,
        liveAppointments: data.appointmentCount,
      })
    : null;

  // A reschedule moves one profile's appointment: that profile is chosen, not asked for again (the
  // server refuses any other, ARO-E4019).
  const [movedResult] = useQuery({
    query: appointmentQuery,
    variables: { id: appointmentRescheduledFor },
    pause: appointmentRescheduledFor === null,
  });
  const movedPatientId = movedResult.data?.queryAppointment[0]?.patientId ?? null;
  const movedPatient = session.account?.patientList.find((candidate) => candidate.id === movedPatientId) ?? null;
  const awaitingMovedPatient = appointmentRescheduledFor !== null && !movedResult.data && !movedResult.error;
  useEffect(() => {
    if (movedPatient && patient === null) {
      setPatient(movedPatient);
    }
  }, [movedPatient, patient]);

  // issue 29 §1.1: a profile that holds a place here already is led to that appointment (with its
  // pay and cancel), not to a booking the server refuses (ARO-E4003). Only the account's own.
  const [heldResult, reexecuteHeld] = useQuery({
    query: myAppointmentInSessionQuery,
    variables: { sessionId, patientId: patient?.id ?? '' },
    pause: patient === null || appointmentRescheduledFor !== null || sessionId === '',
    requestPolicy: 'network-only',
  });
  const held = patient !== null && appointmentRescheduledFor === null ? (heldResult.data?.myAppointmentInSession ?? null) : null;

  // spec doc 2 §4 Booking step 1: no patient chosen → the relationship modal opens.
  useEffect(() => {
    if (
      data &&
      block === null &&
      patient === null &&
      movedPatient === null &&
      !awaitingMovedPatient &&
      RelationshipPicker &&
      !openedOnArrival.current &&
      !temporaryAppointmentId
    ) {
      openedOnArrival.current = true;
      setPickerOpen(true);
    }
  }, [data, block, patient, movedPatient, awaitingMovedPatient, RelationshipPicker, temporaryAppointmentId]);

  if (sessionId === '') {
    return <Navigate to="/doctor" replace />;
  }

  const heading = <h1 id="session-screen-title">{t('consultations.session.title')}</h1>;
  const frame = { className: 'session-screen', titleId: 'session-screen-title', heading };
  if (result.fetching && !result.data) {
    return <ScreenLoading {...frame} />;
  }
  if (result.error && !result.data) {
    return <ScreenFailed {...frame} onRetry={() => reexecute({ requestPolicy: 'network-only' })} />;
  }
  if (!data) {
    return (
      <section className="screen session-screen" aria-labelledby="session-screen-title">
        {heading}
        <div className="consultations-state">
          <p className="consultations-state__title">{t('consultations.session.notFound')}</p>
          <CallHospitalLink />
        </div>
      </section>
    );
  }

  const cash = tenant.features.paymentGateWay.cash;
  const rescheduling = appointmentRescheduledFor !== null;
  // Reschedules skip payment (spec doc 2 §4 Reschedule): they book here without paying.
  const canBook = cash || rescheduling;
  // spec doc 2 §4 Booking step 3: the pay-now path, where the tenant's online gateways are on.
  const payNowOffered = !rescheduling && payNow !== undefined && payNow.offered(data.participationMode ?? null);
  const blockText = pickBlockText(block);
  const patients = session.account?.patientList ?? [];
  const opening = (appointment: BookedAppointment) => void navigate(appointmentHref(appointment.sessionId, appointment.id));

  /** Books for the chosen profile: its appointment, or the failure's text (shown on the screen too). */
  async function bookFor(chosen: ClientPatient): Promise<{ appointment: BookedAppointment } | { error: string }> {
    if (!data) {
      return { error: '' };
    }
    const already = rescheduling ? undefined : bookedFor.current.get(chosen.id);
    if (already) {
      return { appointment: already };
    }
    const key = bookingKeyFor(lastKey.current, { patientId: chosen.id, sessionId: data.id, appointmentRescheduledFor }, newBookingKey);
    lastKey.current = key;
    setBooking({ kind: 'booking' });
    const answer = await bookAppointment({
      patientId: chosen.id,
      sessionId: data.id,
      idempotencyKey: key.key,
      appointmentRescheduledFor,
    });
    const appointment = answer.data?.createAppointment;
    if (answer.error || !appointment) {
      if (!rescheduling && errorCodes(answer.error).includes('ARO-E4003')) {
        // Booked meanwhile (another tab, the chat, the desk): lead to that appointment instead.
        setBooking({ kind: 'idle' });
        reexecuteHeld({ requestPolicy: 'network-only' });
        return { error: tx(ALREADY_BOOKED_TEXT) };
      }
      const error = errorText(answer.error);
      setBooking({ kind: 'failed', error });
      return { error: tx(error) };
    }
    lastKey.current = null;
    setBooking({ kind: 'idle' });
    const made = { id: appointment.id, sessionId: appointment.sessionId };
    if (!rescheduling) {
      bookedFor.current.set(chosen.id, made);
    }
    return { appointment: made };
  }

  async function book() {
    if (!patient) {
      setPickerOpen(true);
      return;
    }
    const answer = await bookFor(patient);
    if ('appointment' in answer) {
      opening(answer.appointment);
    }
  }

  async function bookForPayment(): Promise<{ appointment: BookedAppointment } | { error: string }> {
    if (!patient) {
      setPickerOpen(true);
      return { error: t('consultations.selectRelationship') };
    }
    return bookFor(patient);
  }

  const bookingError = (
    <div aria-live="polite" className="booking-error">
      {booking.kind === 'failed' ? (
        <div role="alert">
          <p className="booking-error__title">{t('consultations.session.bookingFailed')}</p>
          <p className="booking-error__detail">{tx(booking.error)}</p>
        </div>
      ) : null}
    </div>
  );

  return (
    <section className="screen session-screen" aria-labelledby="session-screen-title">
      {heading}
      {rescheduling ? (
        <p className="consultations-banner consultations-banner--info" role="note">
          {t('consultations.session.rescheduleNote')}
        </p>
      ) : null}
      <SessionCard session={data} variant="SESSION_VIEW" now={now} />
      {blockText ? (
        <p className="consultations-banner consultations-banner--warning" role="status">
          {t(blockText.id)}
        </p>
      ) : null}

      <section className="session-screen__patient" aria-labelledby="session-patient-title">
        <h2 id="session-patient-title">{t('consultations.session.whoFor')}</h2>
        {RelationshipPicker ? (
          <div className="chosen-patient">
            {patient ? (
              <p className="chosen-patient__name">
                {patient.displayName}
                {patient.relationship ? <span className="chosen-patient__relationship"> · {tx(patient.relationship)}</span> : null}
              </p>
            ) : null}
            <Button variant="secondary" onClick={() => setPickerOpen(true)} disabled={block !== null}>
              {patient ? t('consultations.session.change') : t('consultations.session.choosePatient')}
            </Button>
          </div>
        ) : (
          <fieldset className="patient-choices">
            <legend className="visually-hidden">{t('consultations.session.whoFor')}</legend>
            {patients.map((candidate) => (
              <label key={candidate.id} className="patient-choice">
                <input
                  type="radio"
                  name="session-patient"
                  value={candidate.id}
                  checked={patient?.id === candidate.id}
                  onChange={() => setPatient(candidate)}
                />
                {candidate.displayName}
              </label>
            ))}
          </fieldset>
        )}
      </section>

      {held ? (
        <section className="consultations-banner consultations-banner--info held-place" role="status" aria-labelledby="held-place-text">
          <p id="held-place-text">{tx(ALREADY_BOOKED_TEXT)}</p>
          <Link className="button button--primary button--block" to={appointmentHref(held.sessionId, held.id)}>
            {t('consultations.session.viewAppointment')}
          </Link>
        </section>
      ) : null}
      {held ? null : payNowOffered && payNow ? (
        <div className="session-screen__pay-now">
          {payNow.render({
            sessionId: data.id,
            participationMode: data.participationMode ?? null,
            patientId: patient?.id ?? null,
            book: bookForPayment,
            onBooked: opening,
            disabled: block !== null || booking.kind === 'booking',
          })}
          {canBook ? null : (
            <>
              <p className="consultations-hint" role="status">
                {booking.kind === 'booking' ? t('consultations.session.booking') : null}
              </p>
              {bookingError}
            </>
          )}
        </div>
      ) : null}
      {held ? null : canBook ? (
        <div className="session-screen__book">
          {rescheduling ? null : <p className="consultations-hint">{t('consultations.session.payAtHospital')}</p>}
          {bookingError}
          <Button
            block
            variant={payNowOffered ? 'secondary' : 'primary'}
            loading={booking.kind === 'booking'}
            disabled={block !== null || booking.kind === 'booking'}
            onClick={() => void book()}
          >
            {booking.kind === 'booking' ? t('consultations.session.booking') : t('consultations.session.book')}
          </Button>
        </div>
      ) : payNowOffered ? null : (
        <div className="consultations-banner consultations-banner--info">
          <p>{t('consultations.session.noOnlinePayments')}</p>
          <p>{t('consultations.session.visitHospital')}</p>
        </div>
      )}
      {rescheduling || held ? null : (
        <ReserveBooking
          sessionId={data.id}
          // Back from registration, the profile just made is the account's only one: it continues the reservation.
          patient={patient ?? (temporaryAppointmentId !== null && patients.length === 1 ? (patients[0] ?? null) : null)}
          patientCount={patients.length}
          temporaryAppointmentId={temporaryAppointmentId}
          onNeedPatient={() => setPickerOpen(true)}
          onBooked={(appointment) => void navigate(appointmentHref(appointment.sessionId, appointment.id))}
          disabled={block !== null}
        />
      )}
      <CallHospitalLink organizationId={data.organization.id} hospitalName={data.organization.orgName} />

      {RelationshipPicker ? (
        <RelationshipPicker
          open={pickerOpen}
          onClose={() => setPickerOpen(false)}
          onSelect={(chosen) => {
            setPatient(chosen);
            setPickerOpen(false);
          }}
          notice={
            prompted ? (
              <p className="relationship-prompt" role="alert">
                {t('consultations.selectRelationship')}
              </p>
            ) : null
          }
        />
      ) : null}
    </section>
  );
}
