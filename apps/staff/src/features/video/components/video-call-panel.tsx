import { useMemo } from 'react';
import { useClient, useQuery } from 'urql';
import { Alert } from '@careline/ui/components';
import { useErrorText } from '../../../lib/error-text.ts';
import { hospitalClock } from '../../../lib/hospital-time.ts';
import { graphQLCallTransport, staffAppointmentQuestionnaireQuery } from '../api/video-operations.ts';
import { browserCallDevices } from '../browser-devices.ts';
import type { CallMediaDevices, CallTransport } from '../doctor-call.ts';
import { useDoctorCall } from '../hooks/use-doctor-call.ts';
import { useVideoMessages } from '../messages.ts';
import { InCallView } from './in-call-view.tsx';
import './video-call.css';

/** The session mode of a video consultation (spec doc 2 §3). */
export const VIDEO_SESSION_MODE = 'remote_presence_video_call';

/** What the panel reads of a queue's appointment. */
export type VideoQueueAppointment = {
  id: string;
  tokenNo: number;
  patientName: string;
  appointmentStatus: string;
  paymentStatus: string;
  appointmentArrivedTime?: unknown;
};

/** A DateTime as the API answers it (ISO text), or null. */
function instantText(value: unknown): string | null {
  if (typeof value === 'string' && value !== '') {
    return value;
  }
  return value instanceof Date ? value.toISOString() : null;
}

/** The patient's questionnaire answers for the appointment (issue 11), when the member may read them. */
function QuestionnaireAnswers({ organizationId, appointmentId }: { organizationId: string; appointmentId: string }) {
  const t = useVideoMessages();
  const errorText = useErrorText();
  const [{ data, fetching, error }] = useQuery({
    query: staffAppointmentQuestionnaireQuery,
    variables: { organizationId, appointmentId },
  });
  const responses = data?.staffAppointmentQuestionnaireResponses.responses ?? [];
  return (
    <section aria-labelledby={`questionnaire-${appointmentId}`} className="video-card__answers">
      <h4 id={`questionnaire-${appointmentId}`}>{t.questionnaireHeading}</h4>
      {fetching && !data ? <p>{t.questionnaireLoading}</p> : null}
      {error ? <Alert tone="error">{errorText(error)}</Alert> : null}
      {data && responses.length === 0 ? <p>{t.questionnaireNone}</p> : null}
      {responses.map((response) => (
        <div key={response.id}>
          {instantText(response.createdAt) ? <p className="video-card__facts">{t.answeredAt(hospitalClock(instantText(response.createdAt) ?? ''))}</p> : null}
          <dl>
            {response.items.map((item, index) => (
              <div key={`${item.questionNumber ?? ''}-${index}`}>
                <dt>{item.question}</dt>
                <dd>{item.answer}</dd>
              </div>
            ))}
          </dl>
        </div>
      ))}
    </section>
  );
}

/** One patient in the consultation: their details, questionnaire answers, and the call. */
function PatientCallCard({
  organizationId,
  appointment,
  mayReadQuestionnaire,
  transport,
  devices,
  now,
}: {
  organizationId: string;
  appointment: VideoQueueAppointment;
  mayReadQuestionnaire: boolean;
  transport: CallTransport;
  devices: CallMediaDevices;
  now?: () => number;
}) {
  const t = useVideoMessages();
  const handle = useDoctorCall(appointment.id, transport, devices, now);
  const arrived = instantText(appointment.appointmentArrivedTime);
  return (
    <article className="video-card" aria-labelledby={`video-patient-${appointment.id}`} data-testid="video-patient-card">
      <div className="video-card__head">
        <h3 id={`video-patient-${appointment.id}`}>{appointment.patientName}</h3>
      </div>
      <ul className="video-card__facts" aria-label={t.patientDetails}>
        <li>{t.token(appointment.tokenNo)}</li>
        {arrived ? <li>{t.inQueueSince(hospitalClock(arrived))}</li> : null}
        <li>{t.payment(appointment.paymentStatus)}</li>
      </ul>
      {mayReadQuestionnaire ? <QuestionnaireAnswers organizationId={organizationId} appointmentId={appointment.id} /> : null}
      <InCallView patientName={appointment.patientName} handle={handle} />
    </article>
  );
}

/**
 * The doctor's side of a video session's queue (issue 13 Build 4): for each patient now in the
 * consultation (arrived: the queue's 'Call next' brings them in), the details, the questionnaire
 * answers, and Call with the in-call view. Shows nothing for a session that is not a video one, or
 * for a member who may not call. A patient who leaves the consultation (Done, Call next) ends the call.
 * @param props - the hospital, the session's mode, the queue's appointments, what the member may do; tests pass a transport and devices
 */
export function VideoCallPanel({
  organizationId,
  participationMode,
  appointments,
  mayCall,
  mayReadQuestionnaire,
  transport,
  devices,
  now,
}: {
  organizationId: string;
  participationMode: string | null | undefined;
  appointments: readonly VideoQueueAppointment[];
  mayCall: boolean;
  mayReadQuestionnaire: boolean;
  transport?: CallTransport;
  devices?: CallMediaDevices;
  now?: () => number;
}) {
  const t = useVideoMessages();
  const client = useClient();
  const callTransport = useMemo(() => transport ?? graphQLCallTransport(client, organizationId), [transport, client, organizationId]);
  const callDevices = useMemo(() => devices ?? browserCallDevices(), [devices]);
  if (participationMode !== VIDEO_SESSION_MODE || !mayCall) {
    return null;
  }
  const ongoing = appointments.filter((a) => a.appointmentStatus === 'arrived');
  return (
    <section className="video-panel" aria-labelledby="video-panel-heading">
      <h2 id="video-panel-heading">{t.heading}</h2>
      {ongoing.length === 0 ? <p>{t.noPatient}</p> : null}
      {ongoing.map((appointment) => (
        <PatientCallCard
          key={appointment.id}
          organizationId={organizationId}
          appointment={appointment}
          mayReadQuestionnaire={mayReadQuestionnaire}
          transport={callTransport}
          devices={callDevices}
          now={now}
        />
      ))}
    </section>
  );
}
