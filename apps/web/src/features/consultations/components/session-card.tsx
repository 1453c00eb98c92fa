import type { ReactNode } from 'react';
import { Link } from 'react-router';
import {
  pickBlockText,
  searchSessionBlock,
  sessionCardLabel,
  sessionFeeText,
  sessionFillPercent,
  sessionLabelText,
  sessionLabelTones,
  UNLIMITED_APPOINTMENTS,
  VIDEO_PARTICIPATION_MODE,
} from '@careline/domain/consultations';
import { useLingui } from '@careline/i18n/react';
import { useConsultationsTranslate } from '@careline/i18n/consultations';
import type { SessionCardData } from '../api/doctor-documents.ts';
import { appointmentStatusKey } from '../utils/session-card-texts.ts';
import { timeOfDay } from '../utils/session-days.ts';
import { DoctorAvatar } from './doctor-avatar.tsx';

/** The places a session card is shown (spec doc 2 §2 Session cards). */
export type SessionCardVariant = 'SESSION_VIEW' | 'SESSION_VIEW_COMPACT' | 'SESSION_VIEW_SEARCH_RESULT' | 'MY_APPOINTMENT';

/**
 * A session as a card shows it: the search's fields; the doctor's photo and the fee where the query
 * that read it asks for them (issue 29 §4.14).
 */
export type SessionCardSession = Omit<SessionCardData, 'fee' | 'practitioner'> & {
  fee?: SessionCardData['fee'];
  practitioner: Omit<SessionCardData['practitioner'], 'photoUrl'> & { photoUrl?: string | null };
};

export type SessionCardProps = {
  session: SessionCardSession;
  variant: SessionCardVariant;
  /** The current time, for the label ('Starting In N Mins'). */
  now: Date;
  /** SESSION_VIEW_SEARCH_RESULT and MY_APPOINTMENT: where the card leads when it can be picked. */
  href?: string;
  /** MY_APPOINTMENT: the appointment's token and status. */
  appointment?: { tokenNo: number; appointmentStatus: string };
  /** Extra lines at the card's foot (e.g. an action). */
  children?: ReactNode;
  /** Inside a doctor's card (/doctor): the doctor's avatar, name and role are the card's, not repeated. */
  withinDoctor?: boolean;
};

/**
 * A consultation session: doctor, specialty, hospital, time, the live label and how full it is
 * (spec doc 2 §2, §4). Full, completed and cancelled sessions are not pickable; the reason is shown.
 */
export function SessionCard({ session, variant, now, href, appointment, children, withinDoctor = false }: SessionCardProps) {
  const t = useConsultationsTranslate();
  const { i18n } = useLingui();
  const label = sessionCardLabel({ status: session.status, startTime: new Date(session.startTime) }, now);
  const labelText = sessionLabelText(label);
  const block = searchSessionBlock(session);
  const blockText = pickBlockText(block);
  const unlimited = session.appointmentMaxAllowed === UNLIMITED_APPOINTMENTS;
  const fill = unlimited
    ? t('consultations.card.fillUnlimited', { count: session.appointmentCount })
    : t('consultations.card.fill', { count: session.appointmentCount, max: session.appointmentMaxAllowed });
  const compact = variant === 'SESSION_VIEW_COMPACT';
  const doctor = session.practitioner.text;
  const time = timeOfDay(session.startTime, i18n.locale);
  const video = session.participationMode === VIDEO_PARTICIPATION_MODE;
  const showsFill = variant !== 'MY_APPOINTMENT';
  const fee = sessionFeeText(session.fee);
  const percent = sessionFillPercent(session);

  const body = (
    <>
      {withinDoctor ? (
        <span className="session-card__hospital">{session.organization.orgName}</span>
      ) : (
        <div className="session-card__head">
          {compact ? null : <DoctorAvatar name={doctor} photoUrl={session.practitioner.photoUrl} />}
          <div className="session-card__who">
            <span className="session-card__doctor">{doctor}</span>
            <span className="session-card__role">{session.practitionerRole.display}</span>
            {compact ? null : <span className="session-card__hospital">{session.organization.orgName}</span>}
          </div>
        </div>
      )}
      <div className="session-card__meta">
        <span className={`session-card__chip session-card__chip--${sessionLabelTones[label.kind]}`}>
          {label.kind === 'startingAt' ? `${t(labelText.id)} ${time}` : t(labelText.id, labelText.values)}
        </span>
        <span className="session-card__time">
          <time dateTime={session.startTime}>{time}</time>
          {' – '}
          <time dateTime={session.endTime}>{timeOfDay(session.endTime, i18n.locale)}</time>
        </span>
        <span className="session-card__mode">{t(video ? 'consultations.card.video' : 'consultations.card.inPerson')}</span>
        {fee === null ? null : <span className="session-card__fee">{t('consultations.card.fee', { amount: fee })}</span>}
        {appointment ? (
          <span className="session-card__token">
            {t('consultations.card.token', { tokenNo: appointment.tokenNo })} · {t(appointmentStatusKey(appointment.appointmentStatus))}
          </span>
        ) : null}
      </div>
      {showsFill ? (
        <div className="session-card__fill">
          <span>{fill}</span>
          {unlimited ? null : (
            <span className="session-card__bar" aria-hidden="true">
              <span className="session-card__bar-value" style={{ width: `${percent}%` }} />
            </span>
          )}
        </div>
      ) : null}
      {blockText && variant === 'SESSION_VIEW_SEARCH_RESULT' ? (
        <p className="session-card__blocked">{t(blockText.id)}</p>
      ) : null}
      {children}
    </>
  );

  const className = `session-card session-card--${variant.toLowerCase().replace(/_/g, '-')}${block ? ' session-card--blocked' : ''}`;
  const pickable = variant === 'SESSION_VIEW_SEARCH_RESULT' ? block === null : true;
  if (href && pickable) {
    return (
      <Link to={href} className={`${className} session-card--link`}>
        {body}
      </Link>
    );
  }
  return (
    <article className={className}>
      {body}
    </article>
  );
}
