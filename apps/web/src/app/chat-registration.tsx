import { useEffect, useRef } from 'react';
import { ProfileForm } from '../features/profiles/components/profile-form-screen.tsx';

export type ChatRegistrationProps = {
  /** The profile was created: the chat carries on. */
  onCreated: () => void;
  /** The form is on screen (its lazy chunk arrived): the chat moves focus and scroll to it. */
  onShown: () => void;
};

/**
 * issue 12 §2: the registration form inline in the chat — the profiles feature's own form (its
 * validation, its createPatient call, its texts) for the signed-in person themself. A lazy chunk
 * (chat-composition.tsx): the form reaches zod, which stays off /chat-home's first load.
 */
export function ChatRegistration({ onCreated, onShown }: ChatRegistrationProps) {
  // Once, when the form first shows.
  const shown = useRef(onShown);
  useEffect(() => {
    shown.current();
  }, []);
  return (
    <div className="chat-registration">
      <ProfileForm patient={null} presetRelationship="Me" backPath={null} onCreated={onCreated} />
    </div>
  );
}
