import { SessionsScreen } from '../../features/sessions/components/sessions-screen.tsx';
import { useStaffSession, type Hospital } from '../../lib/staff-session.tsx';

/** The hospital's sessions; a session opens its queue. */
export function SessionsRoute({ hospital }: { hospital: Hospital }) {
  const session = useStaffSession();
  return (
    <SessionsScreen
      key={hospital.id}
      hospital={hospital}
      mayManage={session.may('sessions.manage')}
      mayConfirmTokens={session.may('sessions.confirmTokens')}
      queuePath={(sessionId) => `/sessions/${sessionId}`}
    />
  );
}
