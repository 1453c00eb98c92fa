import { useId, useState } from 'react';
import { useMutation } from 'urql';
import { useLingui } from '@careline/i18n/react';
import { useConsultationsTranslate } from '@careline/i18n/consultations';
import { useToast } from '../../../components/toast.tsx';
import { errorText } from '../../../lib/graphql';
import { journeyTimeMutation, type AppointmentData } from '../api/consultation-documents.ts';
import { timeOfDay } from '../utils/session-days.ts';

/** The journey times offered (issue 32 §1.3: 5..240 minutes, or none). */
export const JOURNEY_CHOICES = [15, 30, 45, 60, 90, 120, 180, 240] as const;

/**
 * 'Journey to the hospital' (issue 32 §1.3): the patient's journey time, saved as it is chosen; the
 * server sends one 'Leave home now' SMS when the expected call minus it comes near.
 */
export function JourneyTime({ appointment, onSaved }: { appointment: Pick<AppointmentData, 'id' | 'journeyMinutes'>; onSaved: () => void }) {
  const t = useConsultationsTranslate();
  const toast = useToast();
  const id = useId();
  const [{ fetching }, setJourney] = useMutation(journeyTimeMutation);
  const [error, setError] = useState<string | null>(null);
  const current = appointment.journeyMinutes ?? null;
  // A time set another way (not in the list) stays choosable as it is.
  const choices = current === null || (JOURNEY_CHOICES as readonly number[]).includes(current) ? JOURNEY_CHOICES : [...JOURNEY_CHOICES, current].sort((a, b) => a - b);

  async function choose(value: string) {
    setError(null);
    const answer = await setJourney({ id: appointment.id, minutes: value === '' ? null : Number(value) });
    if (answer.error) {
      setError(errorText(answer.error));
      return;
    }
    toast.show(t('consultations.journey.saved'), 'success');
    onSaved();
  }

  return (
    <div className="journey-time">
      <label htmlFor={`${id}-select`}>{t('consultations.journey.label')}</label>
      <select
        id={`${id}-select`}
        aria-describedby={`${id}-hint`}
        value={current === null ? '' : String(current)}
        disabled={fetching}
        onChange={(event) => void choose(event.target.value)}
      >
        <option value="">{t('consultations.journey.none')}</option>
        {choices.map((minutes) => (
          <option key={minutes} value={String(minutes)}>
            {t('consultations.journey.minutes', { minutes })}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="journey-time__hint">
        {t('consultations.journey.hint')}
      </p>
      {error ? <p role="alert" className="journey-time__error">{error}</p> : null}
    </div>
  );
}

/** The latest 'Leave home now' message sent (issue 32 §1.3), shown as the SMS said it; live with the appointment. */
export function LeaveHomeNotice({ leaveHome }: { leaveHome: AppointmentData['leaveHome'] }) {
  const t = useConsultationsTranslate();
  const { i18n } = useLingui();
  if (!leaveHome) {
    return null;
  }
  const text =
    leaveHome.kind === 'later'
      ? t('consultations.leaveHome.later', { time: timeOfDay(leaveHome.expectedCallAt, i18n.locale) })
      : leaveHome.kind === 'earlier'
        ? t('consultations.leaveHome.earlier')
        : t('consultations.leaveHome.now');
  return (
    <p key={leaveHome.messageNo} role="status" className="consultations-banner consultations-banner--warning leave-home">
      {text}
    </p>
  );
}
