import { useParams } from 'react-router';
import { PatientPicker } from '../../features/patients/components/patient-picker.tsx';
import { QueueScreen } from '../../features/queue/components/queue-screen.tsx';
import { VideoCallPanel } from '../../features/video/components/video-call-panel.tsx';
import { useStaffSession, type Hospital } from '../../lib/staff-session.tsx';

/**
 * A session's queue; desk booking finds the patient with the patients feature's search (a walk-in
 * of the group too, where the member registers walk-ins: issue 29 §10); a video session's calls
 * come from the video feature.
 */
export function QueueRoute({ hospital }: { hospital: Hospital }) {
  const session = useStaffSession();
  const { sessionId = '' } = useParams();
  return (
    <QueueScreen
      key={`${hospital.id}:${sessionId}`}
      hospital={hospital}
      sessionId={sessionId}
      sessionsPath="/sessions"
      may={{ run: session.may('sessions.run'), book: session.may('sessions.bookAtDesk') }}
      deskSearch={(props) => <PatientPicker hospital={hospital} walkIn={session.may('patients.walkIn')} {...props} />}
      callPanel={({ session: queueSession, appointments }) => (
        <VideoCallPanel
          organizationId={hospital.id}
          participationMode={queueSession.participationMode}
          appointments={appointments}
          mayCall={session.may('video.call')}
          mayReadQuestionnaire={session.may('questionnaires.responses')}
        />
      )}
    />
  );
}
