import { useEffect, useRef, useState, type Dispatch, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  CHAT_TEXTS,
  CHAT_WIDGET_TEXTS,
  chatButtons,
  chatSessionsShown,
  chooseInChat,
  formatChatDate,
  type ChatChoice,
  type ChatService,
  type ChatStepId,
} from '@careline/domain/chat-flow';
import { fallbackErrorText } from '@careline/domain/errors';
import { useTranslate, useTranslateText } from '@careline/i18n/react';
import { useSession } from '../../../lib/session';
import { useTenant } from '../../../lib/tenant';
import type { ChatAction, ChatAppointmentCard, ChatMessageDraft } from '../utils/chat-flow.ts';
import type {
  ChatConsultations,
  ChatDoctor,
  ChatOrganization,
  ChatSession,
  ChatSpecialty,
  ChatUpcomingAppointment,
} from '../utils/chat-consultations.ts';
import {
  appointmentCard,
  guideContext,
  guideMessages,
  type ChatGuideFacts,
} from '../utils/chat-guide.ts';

/** How long the doctor search waits after the last key before it asks the server. */
const SEARCH_DEBOUNCE_MS = 300;
/** Above this many results the list scrolls, and says so ('Scroll to see more ...', spec doc 1 §2). */
const RESULTS_BEFORE_SCROLL = 4;

/** The steps this hook shows a widget for; any other guided step offers the way back to the menu. */
const GUIDED_STEPS = [
  'search-actions',
  'recent-doctor',
  'doctor-by-name',
  'specialty',
  'recent-organization',
  'organization-picker',
  'session-list',
  'consultation-booking',
] as const;
type GuidedStep = (typeof GUIDED_STEPS)[number];

function guidedStep(step: ChatStepId): GuidedStep | 'elsewhere' {
  return (GUIDED_STEPS as readonly string[]).includes(step) ? (step as GuidedStep) : 'elsewhere';
}

type GuideData = {
  service: ChatService | null;
  doctor: ChatDoctor | null;
  specialty: ChatSpecialty | null;
  organizations: ChatOrganization[] | null;
  organization: ChatOrganization | null;
  sessions: ChatSession[];
  seeMoreTaps: number;
  session: ChatSession | null;
  upcoming: ChatUpcomingAppointment[];
};

const emptyGuide: GuideData = {
  service: null,
  doctor: null,
  specialty: null,
  organizations: null,
  organization: null,
  sessions: [],
  seeMoreTaps: 0,
  session: null,
  upcoming: [],
};

type ChatGuideOptions = {
  consultations: ChatConsultations | undefined;
  flowStep: ChatStepId | null;
  /** The current step's widget may show (about 1 s after its messages, spec doc 1 §2). */
  ready: boolean;
  dispatch: Dispatch<ChatAction>;
};

export type ChatGuide = {
  /** Whether the menu's Book a Doctor and What is my upcoming run in the chat. */
  enabled: boolean;
  /** A choice of the service-type menu: the patient's words are the button's label. */
  chooseFromMenu: (on: string, label: string) => void;
  /** Whether a call is under way (the spinner shows). */
  busy: boolean;
  /** The guided step's widget, or null. */
  widget: ReactNode;
  /** Changes whenever the widget's content changes, so the actions stay in view. */
  viewKey: string;
};

const newIdempotencyKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random()}`;

/**
 * The guided steps of Book a Doctor and What is my upcoming (issue 12 §2; spec doc 1 §2, §4; doc 2
 * §4 Booking, §9), one tap at a time along the domain's step graph: search actions, recent doctor,
 * doctor by name, specialty, the hospital, the session list (3, then 3 more per 'See more'), the
 * booking for a profile of the account, then back to the upcoming check.
 */
export function useChatGuide({
  consultations,
  flowStep,
  ready,
  dispatch,
}: ChatGuideOptions): ChatGuide {
  const session = useSession();
  const tenant = useTenant();
  const navigate = useNavigate();
  const t = useTranslate();
  const tx = useTranslateText();
  const [data, setData] = useState<GuideData>(emptyGuide);
  const [busy, setBusy] = useState(false);
  const [patientId, setPatientId] = useState<string | null>(null);
  const [missingPatient, setMissingPatient] = useState(false);
  const bookingKey = useRef<{ key: string; patientId: string; sessionId: string } | null>(null);
  const features = tenant.features;
  const patients = session.account?.patientList ?? [];

  function facts(of: GuideData): ChatGuideFacts {
    return {
      signedIn: session.loggedIn,
      hasProfiles: patients.length > 0,
      service: of.service,
      hasRecentDoctor: (consultations?.recentDoctors().length ?? 0) > 0,
      organizationCount: of.organizations === null ? null : of.organizations.length,
      upcomingCount: of.upcoming.length,
      sessionCount: of.sessions.length,
      seeMoreTaps: of.seeMoreTaps,
    };
  }

  function href(sessionId: string, appointmentId: string): string {
    return consultations?.appointmentHref(sessionId, appointmentId) ?? '/';
  }

  /**
   * Takes a choice at a step: asks the server first for what the landing depends on (the hospitals,
   * the sessions, the upcoming appointments), then says the landing's messages and shows its step.
   */
  async function go(
    from: ChatStepId,
    on: string,
    patient: string | null,
    patch: Partial<GuideData> = {},
    extra: { booked?: ChatAppointmentCard; events?: ChatMessageDraft[] } = {},
  ) {
    if (!consultations || busy) {
      return;
    }
    let next: GuideData = { ...data, ...patch };
    setBusy(true);
    try {
      if (on === 'book-a-doctor' && next.organizations === null) {
        next = { ...next, organizations: await consultations.organizations().catch(() => []) };
      }
      let landing = chooseInChat(from, on, guideContext(facts(next)), features);
      if (
        landing?.kind === 'step' &&
        next.organizations?.length === 1 &&
        next.organization === null
      ) {
        // spec doc 1 §2: one hospital, no picker: the sessions are that hospital's
        next = { ...next, organization: next.organizations[0] ?? null };
      }
      if (
        landing?.kind === 'step' &&
        from !== 'session-list' &&
        landing.passed.includes('session-list')
      ) {
        const sessions = await consultations.sessions({
          doctorId: next.doctor?.id ?? null,
          specialtyCode: next.doctor === null ? (next.specialty?.code ?? null) : null,
          organizationId: next.organization?.id ?? null,
        });
        next = { ...next, sessions: sessions ?? [], seeMoreTaps: 0 };
        landing = chooseInChat(from, on, guideContext(facts(next)), features);
      }
      if (
        landing?.kind === 'step' &&
        (landing.passed.includes('upcoming-check') || landing.passed.includes('upcoming-events'))
      ) {
        next = { ...next, upcoming: (await consultations.upcoming()) ?? [] };
        landing = chooseInChat(from, on, guideContext(facts(next)), features);
      }
      if (landing === null || landing.kind === 'off') {
        return;
      }
      if (landing.kind === 'route') {
        await navigate(landing.route);
        return;
      }
      next = { ...next, service: landing.service };
      setData(next);
      const upcoming = next.upcoming.map((appointment) =>
        appointmentCard(appointment, href(appointment.sessionId, appointment.id)),
      );
      const messages = [
        ...(extra.events ?? []),
        ...guideMessages(landing.say, { upcoming, booked: extra.booked }),
      ];
      dispatch({ type: 'flowed', patient, messages, flowStep: landing.step });
    } finally {
      setBusy(false);
    }
  }

  async function book() {
    const chosen = data.session;
    // Only the pay-at-hospital path books here (as /view/session: spec doc 2 §4 Booking).
    if (!consultations || chosen === null || busy || !features.paymentGateWay.cash) {
      return;
    }
    const patient = patients.find((candidate) => candidate.id === patientId);
    if (!patient) {
      setMissingPatient(true);
      return;
    }
    // The same patient and session retry with the same key: one booking however often it is tapped.
    const previous = bookingKey.current;
    const key =
      previous !== null && previous.patientId === patient.id && previous.sessionId === chosen.id
        ? previous.key
        : newIdempotencyKey();
    bookingKey.current = { key, patientId: patient.id, sessionId: chosen.id };
    setBusy(true);
    const result = await consultations.book({
      patientId: patient.id,
      sessionId: chosen.id,
      idempotencyKey: key,
    });
    setBusy(false);
    const said = patient.displayName;
    if (!result.ok) {
      await go(
        'consultation-booking',
        'booking-failed',
        said,
        {},
        {
          events: [{ author: 'event', text: result.error || fallbackErrorText, tone: 'error' }],
        },
      );
      return;
    }
    bookingKey.current = null;
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
      href(result.appointment.sessionId, result.appointment.id),
    );
    setPatientId(null);
    await go('consultation-booking', 'booked', said, { session: null }, { booked });
  }

  const context = guideContext(facts(data));
  const labelled = (step: ChatStepId) =>
    chatButtons(step, context, features).filter((choice) => choice.label !== undefined);
  const choiceButtons = (step: ChatStepId, choices: ChatChoice[]) =>
    choices.map((choice) => {
      const label = choice.label === undefined ? '' : CHAT_TEXTS[choice.label];
      return (
        <button
          key={choice.on}
          className="chat-button chat-button-secondary"
          type="button"
          disabled={busy}
          onClick={() =>
            void go(
              step,
              choice.on,
              label,
              choice.on === 'search-again'
                ? { doctor: null, specialty: null, organization: null }
                : {},
            )
          }
        >
          {tx(label)}
        </button>
      );
    });

  let widget: ReactNode = null;
  if (consultations && ready && flowStep !== null) {
    switch (guidedStep(flowStep)) {
      case 'search-actions':
        widget = (
          <div className="chat-buttons">
            {choiceButtons('search-actions', labelled('search-actions'))}
          </div>
        );
        break;
      case 'recent-doctor':
        widget = (
          <div className="chat-buttons">
            {consultations.recentDoctors().map((doctor) => (
              <DoctorButton
                key={doctor.id}
                doctor={doctor}
                disabled={busy}
                onPick={() => {
                  consultations.rememberDoctor(doctor);
                  void go('recent-doctor', 'pick-doctor', doctor.name, { doctor, specialty: null });
                }}
              />
            ))}
            {choiceButtons('recent-doctor', labelled('recent-doctor'))}
          </div>
        );
        break;
      case 'doctor-by-name':
        widget = (
          <>
            <DoctorSearch
              consultations={consultations}
              disabled={busy}
              onPick={(doctor) => {
                consultations.rememberDoctor(doctor);
                void go('doctor-by-name', 'pick-doctor', doctor.name, { doctor, specialty: null });
              }}
            />
            <div className="chat-buttons">
              {choiceButtons('doctor-by-name', labelled('doctor-by-name'))}
            </div>
          </>
        );
        break;
      case 'specialty':
        widget = (
          <>
            <SpecialtyList
              consultations={consultations}
              disabled={busy}
              onPick={(specialty) =>
                void go('specialty', 'pick-specialty', specialty.display, {
                  specialty,
                  doctor: null,
                })
              }
            />
            <div className="chat-buttons">{choiceButtons('specialty', labelled('specialty'))}</div>
          </>
        );
        break;
      case 'recent-organization':
      case 'organization-picker':
        widget = (
          <ul className="chat-choices" aria-label={t('chat.guide.hospitals')}>
            {(data.organizations ?? []).map((organization) => (
              <li key={organization.id}>
                <button
                  className="chat-button chat-button-secondary"
                  type="button"
                  disabled={busy}
                  onClick={() =>
                    void go(flowStep, 'pick-organization', organization.name, { organization })
                  }
                >
                  {organization.name}
                </button>
              </li>
            ))}
          </ul>
        );
        break;
      case 'session-list': {
        const shown = data.sessions.slice(
          0,
          chatSessionsShown(data.seeMoreTaps, data.sessions.length),
        );
        widget = (
          <>
            {shown.length > 0 ? (
              <ul className="chat-choices" aria-label={t('chat.guide.sessions')}>
                {shown.map((item) => (
                  <li key={item.id}>
                    <button
                      className="chat-button chat-button-secondary chat-session"
                      type="button"
                      disabled={busy}
                      onClick={() =>
                        void go('session-list', 'pick-session', sessionLine(item), {
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
              {labelled('session-list').map((choice) =>
                choice.on === 'see-more' ? (
                  <button
                    key={choice.on}
                    className="chat-button chat-button-secondary"
                    type="button"
                    disabled={busy}
                    // doc 2 §9: 3 more sessions per 'See more'; the step stays, nothing is said
                    onClick={() =>
                      setData((current) => ({ ...current, seeMoreTaps: current.seeMoreTaps + 1 }))
                    }
                  >
                    {tx(CHAT_WIDGET_TEXTS['session-list'].seeMore)}
                  </button>
                ) : (
                  choiceButtons('session-list', [choice])
                ),
              )}
            </div>
          </>
        );
        break;
      }
      case 'consultation-booking':
        widget = (
          <>
            {data.session ? (
              <p className="chat-session-summary">{sessionLine(data.session)}</p>
            ) : null}
            <fieldset className="chat-profiles">
              <legend>{t('chat.guide.whoFor')}</legend>
              <div className="chat-buttons">
                {patients.map((candidate) => (
                  <button
                    key={candidate.id}
                    className="chat-button chat-button-secondary"
                    type="button"
                    aria-pressed={patientId === candidate.id}
                    disabled={busy}
                    onClick={() => {
                      setPatientId(candidate.id);
                      setMissingPatient(false);
                    }}
                  >
                    {candidate.displayName}
                    {candidate.relationship ? ` (${tx(candidate.relationship)})` : ''}
                  </button>
                ))}
              </div>
            </fieldset>
            <p className="chat-error" role="alert">
              {missingPatient ? t('chat.guide.choosePatient') : ''}
            </p>
            <div className="chat-buttons">
              {features.paymentGateWay.cash || !consultations || !data.session ? (
                <button
                  className="chat-button"
                  type="button"
                  disabled={busy}
                  aria-busy={busy}
                  onClick={() => void book()}
                >
                  {tx(CHAT_TEXTS.bookNow)}
                </button>
              ) : (
                // No payment at the hospital here: the session's screen books and takes the payment.
                <Link className="chat-button" to={consultations.sessionHref(data.session.id)}>
                  {tx(CHAT_TEXTS.bookNow)}
                </Link>
              )}
              {choiceButtons('consultation-booking', labelled('consultation-booking'))}
            </div>
          </>
        );
        break;
      case 'elsewhere':
        // A step of another service (orders) is not guided here yet: back to the menu.
        widget = (
          <div className="chat-buttons">
            <button
              className="chat-button chat-button-secondary"
              type="button"
              onClick={() =>
                dispatch({
                  type: 'flowed',
                  patient: null,
                  messages: [{ author: 'assistant', text: CHAT_TEXTS.menu, tone: 'normal' }],
                  flowStep: null,
                })
              }
            >
              {tx(CHAT_TEXTS.cancel)}
            </button>
          </div>
        );
    }
  }

  return {
    enabled: consultations !== undefined,
    chooseFromMenu: (on, label) => void go('service-type-menu', on, label),
    busy,
    widget,
    viewKey: [
      flowStep,
      data.seeMoreTaps,
      data.sessions.length,
      patientId,
      missingPatient,
      busy,
    ].join('|'),
  };
}

/** A session as one line: doctor, hospital and time in the chat's format. */
function sessionLine(session: ChatSession): string {
  return `${session.doctorName} · ${session.organizationName} · ${formatChatDate(new Date(session.startTime)) ?? ''}`;
}

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
    <button
      className="chat-button chat-button-secondary chat-doctor"
      type="button"
      disabled={disabled}
      onClick={onPick}
    >
      <span className="chat-doctor__name">{doctor.name}</span>
      {doctor.role ? <span className="chat-doctor__role">{doctor.role}</span> : null}
    </button>
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
  const inputRef = useRef<HTMLInputElement>(null);
  const texts = CHAT_WIDGET_TEXTS['doctor-search'];

  useEffect(() => {
    inputRef.current?.focus({ preventScroll: true });
  }, []);

  useEffect(() => {
    const wanted = text.trim();
    if (wanted === '') {
      setResults(null);
      return undefined;
    }
    let current = true;
    const timer = window.setTimeout(() => {
      void consultations
        .searchDoctors(wanted)
        .catch(() => [])
        .then((found) => {
          if (current) {
            setResults(found);
          }
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [text, consultations]);

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
          {results.length > RESULTS_BEFORE_SCROLL ? (
            <p className="chat-hint">{tx(texts.scrollHint)}</p>
          ) : null}
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

  useEffect(() => {
    let current = true;
    void consultations
      .searchSpecialties('')
      .catch(() => [])
      .then((found) => {
        if (current) {
          setSpecialties(found);
        }
      });
    return () => {
      current = false;
    };
  }, [consultations]);

  if (specialties === null) {
    return <span className="chat-spinner" role="status" aria-label={t('chat.loading')} />;
  }
  return (
    <>
      <ul className="chat-choices chat-choices-scroll" aria-label={t('chat.guide.specialties')}>
        {specialties.map((specialty) => (
          <li key={specialty.code}>
            <button
              className="chat-button chat-button-secondary"
              type="button"
              disabled={disabled}
              onClick={() => onPick(specialty)}
            >
              {specialty.display}
            </button>
          </li>
        ))}
      </ul>
      {specialties.length > RESULTS_BEFORE_SCROLL ? (
        <p className="chat-hint">{tx(CHAT_TEXTS.scrollToSeeMore)}</p>
      ) : null}
    </>
  );
}
