import { useId, useState } from 'react';
import { useLingui } from '@careline/i18n/react';
import { useConsultationsTranslate } from '@careline/i18n/consultations';
import type { SessionCardData } from '../api/doctor-documents.ts';
import type { DoctorCard as DoctorCardModel } from '@careline/domain/consultations';
import { dayHeading, groupSessionsByDay, HOSPITAL_TIME_ZONE } from '../utils/session-days.ts';
import { zonedDay } from '@careline/domain/time';
import { DoctorAvatar } from './doctor-avatar.tsx';
import { SessionCard } from './session-card.tsx';

export type DoctorCardProps = {
  card: DoctorCardModel<SessionCardData>;
  now: Date;
  /** The booking screen's address of a session. */
  hrefOf: (sessionId: string) => string;
};

/**
 * One doctor on /doctor (issue 29 §4.14): avatar, name and specialty once; the next session that can
 * be booked under its day; the doctor's other sessions, by day, behind a disclosure button
 * (aria-expanded). Each session is the spec's session card (SESSION_VIEW_SEARCH_RESULT), its texts
 * and states as they are.
 */
export function DoctorCard({ card, now, hrefOf }: DoctorCardProps) {
  const t = useConsultationsTranslate();
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const nameId = useId();
  const restId = useId();
  const { next, rest } = card;
  const doctor = next.practitioner;
  const session = (item: SessionCardData) => (
    <SessionCard session={item} variant="SESSION_VIEW_SEARCH_RESULT" now={now} href={hrefOf(item.id)} withinDoctor />
  );
  const nextDay = dayHeading(zonedDay(new Date(next.startTime), HOSPITAL_TIME_ZONE), i18n.locale);
  return (
    <article className="doctor-card" aria-labelledby={nameId}>
      <div className="doctor-card__head">
        <DoctorAvatar name={doctor.text} photoUrl={doctor.photoUrl} size={56} />
        <div className="session-card__who">
          <h2 id={nameId} className="doctor-card__name">
            {doctor.text}
          </h2>
          <span className="session-card__role">{next.practitionerRole.display}</span>
        </div>
      </div>
      <h3 className="session-day__heading">
        {card.nextPickable ? `${t('consultations.doctor.nextAvailable')} · ${nextDay}` : nextDay}
      </h3>
      {session(next)}
      {rest.length > 0 ? (
        <>
          <button
            type="button"
            className="doctor-card__more"
            aria-expanded={open}
            aria-controls={restId}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? t('consultations.doctor.fewerSessions') : t('consultations.doctor.moreSessions', { count: rest.length })}
          </button>
          <div id={restId} className="doctor-card__rest" hidden={!open}>
            {open
              ? groupSessionsByDay(rest).map((day) => (
                  <section key={day.day} className="session-day" aria-labelledby={`${restId}-${day.day}`}>
                    <h3 id={`${restId}-${day.day}`} className="session-day__heading">
                      {dayHeading(day.day, i18n.locale)}
                    </h3>
                    <ul className="session-day__list">
                      {day.sessions.map((item) => (
                        <li key={item.id}>{session(item)}</li>
                      ))}
                    </ul>
                  </section>
                ))
              : null}
          </div>
        </>
      ) : null}
    </article>
  );
}
