import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { CHAT_TEXTS, CHAT_WIDGET_TEXTS, chatSessionsShown, formatChatDate } from '@careline/domain/chat-flow';
import { fallbackErrorText } from '@careline/domain/error-wire';
import { useTranslate, useTranslateText } from '@careline/i18n/react';
import type { ChatBookingResult, ChatConsultations, ChatDoctor, ChatSession, ChatSpecialty } from '../../utils/chat-consultations.ts';
import { appointmentCard } from '../../utils/chat-guide.ts';
import type { GuideKit, GuidePart } from './guide-kit.ts';
import { ProfileChoice } from './guide-widgets.tsx';

// Book a Doctor in the chat (issue 12 §2; spec doc 1 §2; doc 2 §4 Booking, §9): search actions,
// recent doctor, doctor by name, specialty, the session list and the booking for a profile.

/** How long the doctor search waits after the last key before it asks the server. */
const SEARCH_DEBOUNCE_MS = 300;
/** Above this many results the list scrolls, and says so ('Scroll to see more ...', spec doc 1 §2). */
const RESULTS_BEFORE_SCROLL = 4;

/** A session as one line: doctor, hospital and time in the chat's format. */
function sessionLine(session: ChatSession): string {
  return `${session.doctorName} · ${session.organizationName} · ${formatChatDate(new Date(session.startTime)) ?? ''}`;
}

/** Books the chosen session for the chosen profile (pay at the hospital), then back to the upcoming check. */
async function book(kit: GuideKit) {
  const { consultations, patients, patientId } = kit;
  const chosen = kit.data.session;
  // Only the pay-at-hospital path books here (as /view/session: spec doc 2 §4 Booking).
  if (!consultations || chosen === null || kit.isBusy() || !kit.tenant.features.paymentGateWay.cash) {
    return;
  }
  const patient = patients.find((candidate) => candidate.id === patientId);
  if (!patient) {
    kit.setMissingPatient(true);
    return;
  }
  // The same patient and session retry with the same key: one booking however often it is tapped.
  const key = kit.keyFor('booking', `${patient.id}|${chosen.id}`);
  const result = await kit.during(() =>
    consultations
      .book({ patientId: patient.id, sessionId: chosen.id, idempotencyKey: key })
      .catch((): ChatBookingResult => ({ ok: false, error: fallbackErrorText })),
  );
  const said = patient.displayName;
  if (!result.ok) {
    // issue 29 §1.1: refused because this profile holds a place there already: its appointment, to open.
    const held = result.held
      ? appointmentCard(
          {
            id: result.held.id,
            sessionId: result.held.sessionId,
            doctorName: chosen.doctorName,
            patientDisplayName: patient.displayName,
            organizationName: chosen.organizationName,
            start: chosen.startTime,
            tokenNo: result.held.tokenNo,
          },
          kit.appointmentHref(result.held.sessionId, result.held.id),
        )
      : null;
    await kit.go(
      'consultation-booking',
      'booking-failed',
      said,
      {},
      {
        events: [
          { author: 'event', text: result.error || fallbackErrorText, tone: 'error' },
          ...(held ? [{ author: 'assistant' as const, text: '', tone: 'normal' as const, appointments: [held] }] : []),
        ],
      },
    );
    return;
  }
  kit.forgetKey('booking');
  const booked = appointmentCard(
    {
      id: result.appointment.id,
      sessionId: result.appointment.sessionId,
      doctorName: chosen.doctorName,
      patientDisplayName: patient.displayName,
      organizationName: chosen.organizationName,
      start: chosen.startTime,
      tokenNo: result.appointment.tokenNo,
    },
    kit.appointmentHref(result.appointment.sessionId, result.appointment.id),
  );
  kit.setPatientId(null);
  await kit.go('consultation-booking', 'booked', said, { session: null }, { booked });
}

function pickDoctor(kit: GuideKit, consultations: ChatConsultations, from: 'recent-doctor' | 'doctor-by-name', doctor: ChatDoctor) {
  consultations.rememberDoctor(doctor);
  void kit.go(from, 'pick-doctor', doctor.name, { doctor, specialty: null, sessionHospitals: null, organization: null });
}

export const bookingSteps: GuidePart = {
  steps: {
    'search-actions': (kit) => (
      <div className="chat-buttons">{kit.choiceButtons('search-actions', kit.labelled('search-actions'))}</div>
    ),
    'recent-doctor': (kit) => {
      const { consultations } = kit;
      return consultations ? (
        <div className="chat-buttons">
          {consultations.recentDoctors().map((doctor) => (
            <DoctorButton
              key={doctor.id}
              doctor={doctor}
              disabled={kit.busy}
              onPick={() => pickDoctor(kit, consultations, 'recent-doctor', doctor)}
            />
          ))}
          {kit.choiceButtons('recent-doctor', kit.labelled('recent-doctor'))}
        </div>
      ) : null;
    },
    'doctor-by-name': (kit) => {
      const { consultations } = kit;
      return consultations ? (
        <>
          <DoctorSearch
            consultations={consultations}
            disabled={kit.busy}
            onPick={(doctor) => pickDoctor(kit, consultations, 'doctor-by-name', doctor)}
          />
          <div className="chat-buttons">{kit.choiceButtons('doctor-by-name', kit.labelled('doctor-by-name'))}</div>
        </>
      ) : null;
    },
    specialty: (kit) =>
      kit.consultations ? (
        <>
          <SpecialtyList
            consultations={kit.consultations}
            disabled={kit.busy}
            onPick={(specialty) =>
              void kit.go('specialty', 'pick-specialty', specialty.display, {
                specialty,
                doctor: null,
                sessionHospitals: null,
                organization: null,
              })
            }
          />
          <div className="chat-buttons">{kit.choiceButtons('specialty', kit.labelled('specialty'))}</div>
        </>
      ) : null,
    'session-list': (kit) => {
      const { data, busy } = kit;
      const shown = data.sessions.slice(0, chatSessionsShown(data.seeMoreTaps, data.sessions.length));
      return (
        <>
          {shown.length > 0 ? (
            <ul className="chat-choices" aria-label={kit.t('chat.guide.sessions')}>
              {shown.map((item) => (
                <li key={item.id}>
                  <button
                    className="chat-button chat-button-secondary chat-session"
                    type="button"
                    disabled={busy}
                    onClick={() =>
                      void kit.go('session-list', 'pick-session', sessionLine(item), {
                        session: item,
                      })
                    }
                  >
                    <span className="chat-session__doctor">{item.doctorName}</span>
                    <span>{item.specialty}</span>
                    <span>{item.organizationName}</span>
                    <span>{formatChatDate(new Date(item.startTime))}</span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <div className="chat-buttons">
            {kit.labelled('session-list').map((choice) =>
              choice.on === 'see-more' ? (
                <button
                  key={choice.on}
                  className="chat-button chat-button-secondary"
                  type="button"
                  disabled={busy}
                  // doc 2 §9: 3 more sessions per 'See more'; the step stays, nothing is said
                  onClick={() => kit.setData((current) => ({ ...current, seeMoreTaps: current.seeMoreTaps + 1 }))}
                >
                  {kit.tx(CHAT_WIDGET_TEXTS['session-list'].seeMore)}
                </button>
              ) : (
                kit.choiceButtons('session-list', [choice])
              ),
            )}
          </div>
        </>
      );
    },
    'consultation-booking': (kit) => {
      const { consultations, data, busy } = kit;
      return (
        <>
          {data.session ? <p className="chat-session-summary">{sessionLine(data.session)}</p> : null}
          <ProfileChoice
            legend={kit.t('chat.guide.whoFor')}
            patients={kit.patients}
            chosen={kit.patientId}
            disabled={busy}
            onChoose={(id) => {
              kit.setPatientId(id);
              kit.setMissingPatient(false);
            }}
          />
          <p className="chat-error" role="alert">
            {kit.missingPatient ? kit.t('chat.guide.choosePatient') : ''}
          </p>
          <div className="chat-buttons">
            {kit.tenant.features.paymentGateWay.cash || !consultations || !data.session ? (
              <button className="chat-button" type="button" disabled={busy} aria-busy={busy} onClick={() => void book(kit)}>
                {kit.tx(CHAT_TEXTS.bookNow)}
              </button>
            ) : (
              // No payment at the hospital here: the session's screen books and takes the payment.
              <Link className="chat-button" to={consultations.sessionHref(data.session.id)}>
                {kit.tx(CHAT_TEXTS.bookNow)}
              </Link>
            )}
            {kit.choiceButtons('consultation-booking', kit.labelled('consultation-booking'))}
          </div>
        </>
      );
    },
  },
  patches: {
    'search-again': () => ({ doctor: null, specialty: null, sessionHospitals: null, organization: null }),
  },
};

function DoctorButton({
  doctor,
  disabled,
  onPick,
}: {
  doctor: ChatDoctor;
  disabled: boolean;
  onPick: () => void;
}) {
  return (
    <button className="chat-button chat-button-secondary chat-doctor" type="button" disabled={disabled} onClick={onPick}>
      <span className="chat-doctor__name">{doctor.name}</span>
      {doctor.role ? <span className="chat-doctor__role">{doctor.role}</span> : null}
    </button>
  );
}

/** A failed search in a widget: the stream's words and 'Try again' (never 'nothing found'). */
function SearchFailed({ onRetry }: { onRetry: () => void }) {
  const tx = useTranslateText();
  return (
    <div role="alert">
      <p className="chat-error">{tx(CHAT_TEXTS.requestFailed)}</p>
      <button className="chat-button chat-button-secondary" type="button" onClick={onRetry}>
        {tx(CHAT_TEXTS.tryAgain)}
      </button>
    </div>
  );
}

/** Doctor by name (spec doc 1 §2): 'Type your doctor name', the results, 'Scroll to see more ...' and clear. */
function DoctorSearch({
  consultations,
  disabled,
  onPick,
}: {
  consultations: ChatConsultations;
  disabled: boolean;
  onPick: (doctor: ChatDoctor) => void;
}) {
  const t = useTranslate();
  const tx = useTranslateText();
  const [text, setText] = useState('');
  const [results, setResults] = useState<ChatDoctor[] | null>(null);
  const [searchFailed, setSearchFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const texts = CHAT_WIDGET_TEXTS['doctor-search'];

  useEffect(() => {
    inputRef.current?.focus({ preventScroll: true });
  }, []);

  useEffect(() => {
    const wanted = text.trim();
    if (wanted === '') {
      setResults(null);
      setSearchFailed(false);
      return undefined;
    }
    let current = true;
    const timer = window.setTimeout(() => {
      void consultations
        .searchDoctors(wanted)
        .catch(() => null)
        .then((found) => {
          if (current) {
            setSearchFailed(found === null);
            setResults(found);
          }
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [text, consultations, attempt]);

  return (
    <div className="chat-search">
      <div className="chat-input-row">
        <input
          ref={inputRef}
          className="chat-input"
          type="search"
          aria-label={t('chat.guide.doctorName')}
          placeholder={tx(texts.placeholder)}
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        <button
          className="chat-button chat-button-secondary"
          type="button"
          disabled={text === ''}
          onClick={() => {
            setText('');
            inputRef.current?.focus();
          }}
        >
          {tx(texts.clear)}
        </button>
      </div>
      {searchFailed ? <SearchFailed onRetry={() => setAttempt((count) => count + 1)} /> : null}
      {results !== null && results.length === 0 ? (
        <p className="chat-hint" role="status">
          {t('chat.guide.noDoctors')}
        </p>
      ) : null}
      {results !== null && results.length > 0 ? (
        <>
          <ul className="chat-choices chat-choices-scroll" aria-label={t('chat.guide.doctors')}>
            {results.map((doctor) => (
              <li key={doctor.id}>
                <DoctorButton doctor={doctor} disabled={disabled} onPick={() => onPick(doctor)} />
              </li>
            ))}
          </ul>
          {results.length > RESULTS_BEFORE_SCROLL ? <p className="chat-hint">{tx(texts.scrollHint)}</p> : null}
        </>
      ) : null}
    </div>
  );
}

/** The specialties to choose from (spec doc 2 §5 specialty search). */
function SpecialtyList({
  consultations,
  disabled,
  onPick,
}: {
  consultations: ChatConsultations;
  disabled: boolean;
  onPick: (specialty: ChatSpecialty) => void;
}) {
  const t = useTranslate();
  const tx = useTranslateText();
  const [specialties, setSpecialties] = useState<ChatSpecialty[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    void consultations
      .searchSpecialties('')
      .catch(() => null)
      .then((found) => {
        if (current) {
          setLoadFailed(found === null);
          setSpecialties(found);
        }
      });
    return () => {
      current = false;
    };
  }, [consultations, attempt]);

  if (loadFailed) {
    return (
      <SearchFailed
        onRetry={() => {
          setLoadFailed(false);
          setAttempt((count) => count + 1);
        }}
      />
    );
  }
  if (specialties === null) {
    return <span className="chat-spinner" role="status" aria-label={t('chat.loading')} />;
  }
  return (
    <>
      <ul className="chat-choices chat-choices-scroll" aria-label={t('chat.guide.specialties')}>
        {specialties.map((specialty) => (
          <li key={specialty.code}>
            <button className="chat-button chat-button-secondary" type="button" disabled={disabled} onClick={() => onPick(specialty)}>
              {specialty.display}
            </button>
          </li>
        ))}
      </ul>
      {specialties.length > RESULTS_BEFORE_SCROLL ? <p className="chat-hint">{tx(CHAT_TEXTS.scrollToSeeMore)}</p> : null}
    </>
  );
}
