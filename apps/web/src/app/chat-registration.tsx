import { useEffect, useRef } from 'react';
import type { ChatRegistrationSlot } from '../features/chat/components/chat-home-screen.tsx';
import { ProfileForm } from '../features/profiles/components/profile-form-screen.tsx';

/**
 * issue 12 §2: the registration form inline in the chat, the profiles feature's own form (its
 * validation, its createPatient call, its texts). Nothing is chosen for the patient: as on the form
 * page, Save waits for a relationship and the prompt 'Select the relationship' shows (issue 29 §12).
 * A lazy chunk (./chat-composition.tsx): the form reaches zod, which stays off /chat-home's first load.
 * It says when it is on screen and when the profile is made; the chat does the rest (reading the
 * account again, what is in view, focus).
 */
export function ChatRegistration({ onCreated, onShown }: ChatRegistrationSlot) {
  // Once, when the form first shows.
  const shown = useRef(onShown);
  useEffect(() => {
    shown.current();
  }, []);
  return (
    <div className="chat-registration">
      <ProfileForm patient={null} presetRelationship="" backPath={null} onCreated={onCreated} />
    </div>
  );
}
