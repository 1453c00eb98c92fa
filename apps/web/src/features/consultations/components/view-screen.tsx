import { Navigate, useParams } from 'react-router';
import { AppointmentScreen, type AppointmentScreenProps } from './appointment-screen.tsx';
import { SessionScreen, type SessionScreenProps } from './session-screen.tsx';

/** The detail types of /view/{type} (spec doc 2 §2). */
export type ViewType = 'session' | 'appointment';

/**
 * /view/{type}: the session (booking) or the appointment screen. Each is keyed on the type, so a
 * change of type builds the screen afresh rather than carrying state over (spec doc 2 §2).
 */
export function ViewScreen({
  paymentSlot,
  questionnaireSlot,
  videoSlot,
  ...props
}: SessionScreenProps & Pick<AppointmentScreenProps, 'paymentSlot' | 'questionnaireSlot' | 'videoSlot'>) {
  const { type } = useParams();
  if (type === 'session') {
    return <SessionScreen key="session" {...props} />;
  }
  if (type === 'appointment') {
    return (
      <AppointmentScreen
        key="appointment"
        paymentSlot={paymentSlot}
        questionnaireSlot={questionnaireSlot}
        videoSlot={videoSlot}
      />
    );
  }
  return <Navigate to="/doctor" replace />;
}
