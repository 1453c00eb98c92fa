import { useId } from 'react';
import { Button } from '@careline/ui/components';
import { useErrorText } from '../../../lib/error-text.ts';
import { chatDateTime } from '../chat-rules.ts';
import type { StaffChatContextState } from '../hooks/use-staff-chat.ts';
import type { ChatMessages } from '../messages.ts';

/**
 * The patient's context for the answer: the chat account's profiles (the one in this chat first
 * marked) and their upcoming appointments at this hospital.
 * @param props - texts, the context's state, the chat's profile and a retry
 */
export function ChatContextPanel({
  t,
  state,
  patientId,
  onRetry,
}: {
  t: ChatMessages;
  state: StaffChatContextState;
  patientId: string | null;
  onRetry: () => void;
}) {
  const errorText = useErrorText();
  const headingId = useId();
  return (
    // Focusable: on a desktop the panel scrolls inside, and keyboard users scroll it too.
    <aside aria-labelledby={headingId} className="chat-context" tabIndex={0}>
      <h2 id={headingId}>{t.contextHeading}</h2>
      {state.status === 'loading' ? (
        <div aria-busy="true">
          <p role="status">{t.contextLoading}</p>
          <div className="chat-skeleton" aria-hidden="true">
            <span />
            <span />
          </div>
        </div>
      ) : null}
      {state.status === 'error' ? (
        <div role="alert" className="chat-error">
          <p>{t.contextFailed(errorText(state.error))}</p>
          <Button variant="secondary" onClick={onRetry}>
            {t.retry}
          </Button>
        </div>
      ) : null}
      {state.status === 'ready' ? (
        <>
          <h3>{t.contextProfiles}</h3>
          <ul className="chat-context__profiles">
            {[...state.context.profiles]
              .sort((a, b) => Number(b.id === patientId) - Number(a.id === patientId))
              .map((profile) => (
                <li key={profile.id} className="chat-context__profile">
                  <p>
                    <strong>{profile.name}</strong>
                    {profile.id === patientId ? (
                      <span className="chat-chip"> {t.contextInChat}</span>
                    ) : null}
                  </p>
                  <dl>
                    <dt>{t.contextGender}</dt>
                    <dd>{t.genderName(profile.gender)}</dd>
                    {profile.ageLabel ? (
                      <>
                        <dt>{t.contextAge}</dt>
                        <dd>{profile.ageLabel}</dd>
                      </>
                    ) : null}
                    {profile.mobileNo ? (
                      <>
                        <dt>{t.contextMobile}</dt>
                        <dd>{profile.mobileNo}</dd>
                      </>
                    ) : null}
                  </dl>
                </li>
              ))}
          </ul>
          <h3>{t.contextAppointments}</h3>
          {state.context.upcomingAppointments.length === 0 ? (
            <p>{t.contextNoAppointments}</p>
          ) : (
            <ul className="chat-context__appointments">
              {state.context.upcomingAppointments.map((appointment) => (
                <li key={appointment.id}>
                  {t.contextAppointment({
                    patient: appointment.patientName,
                    doctor: appointment.doctorName,
                    time: chatDateTime(appointment.start),
                    token: appointment.tokenNo,
                  })}
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
    </aside>
  );
}
