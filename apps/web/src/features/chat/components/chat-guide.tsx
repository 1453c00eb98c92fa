import { useEffect, useRef, useState, type Dispatch, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  CHAT_ORDER_CATEGORY,
  CHAT_TEXTS,
  CHAT_VISIT_TIMES,
  chatVisitRequestedTime,
  CHAT_WIDGET_TEXTS,
  chatButtons,
  chatInitiatedFor,
  chatOrderBlock,
  chatSessionsShown,
  chatStepShown,
  chooseInChat,
  enterChat,
  fillChatText,
  formatChatDate,
  isChatOrderService,
  type ChatChoice,
  type ChatFlowContext,
  type ChatLanding,
  type ChatService,
  type ChatStepId,
} from '@careline/domain/chat-flow';
import { fallbackErrorText } from '@careline/domain/errors';
import { DEFAULT_TIME_ZONE } from '@careline/domain/loyalty';
import { ORDER_UPLOAD_ACCEPT, hasAddress, sampleCollectionDateChoices, type OrderAddress } from '@careline/domain/orders/plain';
import { addressLabels, type ClientPatient } from '@careline/domain/profiles';
import { useLingui, useTranslate, useTranslateText } from '@careline/i18n/react';
import { useSession } from '../../../lib/session';
import { useTenant } from '../../../lib/tenant';
import type { ChatAction, ChatAppointmentCard, ChatMessageDraft } from '../utils/chat-flow.ts';
import type {
  ChatConsultations,
  ChatDoctor,
  ChatOrganization,
  ChatSession,
  ChatSpecialty,
} from '../utils/chat-consultations.ts';
import { emptyGuide, emptyOrder, parseGuideData, type GuideData } from '../utils/chat-guide-data.ts';
import {
  appointmentCard,
  guideContext,
  guideMessages,
  type ChatGuideFacts,
} from '../utils/chat-guide.ts';
import { readRecentOrganizations, rememberRecentOrganization } from '../utils/chat-memory.ts';
import {
  finishedUploads,
  type ChatOrderInput,
  type ChatOrderUploads,
  type ChatOrders,
} from '../utils/chat-orders.ts';

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
  'suggest-recent-organization-medication',
  'suggest-recent-organization-lab',
  'lab-test-selection',
  'sample-collection-address',
  'sample-collection-time',
  'suggest-recent-organization-procedure',
  'home-visit-time',
  'procedure-code',
  'procedure-confirmation',
  'prescription-upload',
  'more-upload-prompt',
  'delivery-mode',
  'delivery-address',
  'order-confirmation',
] as const;
type GuidedStep = (typeof GUIDED_STEPS)[number];

function guidedStep(step: ChatStepId): GuidedStep | 'elsewhere' {
  return (GUIDED_STEPS as readonly string[]).includes(step) ? (step as GuidedStep) : 'elsewhere';
}

/** The steps that need the tenant's hospitals before the flow can decide (single organization or not). */
const ORGANIZATION_STEPS: readonly ChatStepId[] = [
  'recent-organization',
  'organization-picker',
  'organization-chosen',
  'suggest-recent-organization-lab',
  'suggest-recent-organization-medication',
  'suggest-recent-organization-procedure',
];

/** The services the chat can carry through today, by the ports app/ composed in. */
function servicesGuided(consultations: boolean, orders: boolean): Set<ChatService> {
  const services = new Set<ChatService>();
  if (consultations) {
    services.add('consultation');
  }
  if (orders) {
    services.add('medication');
    services.add('examination');
    services.add('procedure');
  }
  return services;
}

const EMPTY_ADDRESS: OrderAddress = { addressLineOne: '', addressLineTwo: '', addressLineThree: '', addressCity: '' };

type ChatGuideOptions = {
  consultations: ChatConsultations | undefined;
  orders?: ChatOrders;
  uploads?: ChatOrderUploads;
  flowStep: ChatStepId | null;
  /** The current step's widget may show (about 1 s after its messages, spec doc 1 §2). */
  ready: boolean;
  dispatch: Dispatch<ChatAction>;
};

export type ChatGuide = {
  /** Whether the menu's Book a Doctor and What is my upcoming run in the chat. */
  enabled: boolean;
  /** Whether the menu's Online Pharmacy runs in the chat (the orders' operations are composed in). */
  ordersEnabled: boolean;
  /** A choice of the service-type menu: the patient's words are the button's label. */
  chooseFromMenu: (on: string, label: string) => void;
  /**
   * The flow's start once signed in (spec doc 1 §4): the upcoming check, or the service of a
   * /chat-home/{category} path (spec doc 3 §2) when the chat can carry it through.
   */
  start: (service: ChatService | null) => void;
  /** Reads back what a conversation kept on the device had gathered; false when it cannot resume. */
  restore: (saved: unknown, flowStep: ChatStepId | null) => boolean;
  /** What the conversation has gathered (kept on the device with it). */
  data: GuideData;
  /** Whether a call is under way (the spinner shows). */
  busy: boolean;
  /** The guided step's widget, or null. */
  widget: ReactNode;
  /** 'Try again' after a failed call, on any step (the menu's too), or null. */
  retry: ReactNode;
  /** Changes whenever the widget's content changes, so the actions stay in view. */
  viewKey: string;
};

const newIdempotencyKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random()}`;

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The address a home delivery starts from: the account holder's own profile's, else the first one's. */
function profileAddress(patients: readonly ClientPatient[]): OrderAddress {
  const own = patients.find((patient) => patient.relationship === 'Me') ?? patients[0];
  return own
    ? {
        addressLineOne: own.addressLineOne,
        addressLineTwo: own.addressLineTwo,
        addressLineThree: own.addressLineThree,
        addressCity: own.addressCity,
      }
    : EMPTY_ADDRESS;
}

/** An address on one line, its filled parts only. */
function addressLine(address: OrderAddress): string {
  return [address.addressLineOne, address.addressLineTwo, address.addressLineThree, address.addressCity]
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join(', ');
}

type Extra = {
  booked?: ChatAppointmentCard;
  events?: ChatMessageDraft[];
  orderLink?: { href: string; text: string };
};

/**
 * The guided steps (issue 12 §2; spec doc 1 §2, §4; doc 2 §4 Booking, §9; doc 3 §4 Creation flow),
 * one tap at a time along the domain's step graph: the upcoming check; Book a Doctor (search
 * actions, recent doctor, doctor by name, specialty, the hospital, the session list, the booking
 * for a profile of the account); Online Pharmacy (the recent hospital or the picker, the
 * prescription upload and the more-upload prompt, the delivery mode and address, the order's
 * confirmation); after booking or ordering, back to the upcoming check. A call that fails says so
 * in the stream with 'Try again', never an empty answer.
 */
export function useChatGuide({
  consultations,
  orders,
  uploads,
  flowStep,
  ready,
  dispatch,
}: ChatGuideOptions): ChatGuide {
  const session = useSession();
  const tenant = useTenant();
  const navigate = useNavigate();
  const t = useTranslate();
  const tx = useTranslateText();
  const { i18n } = useLingui();
  const [data, setData] = useState<GuideData>(emptyGuide);
  const [busy, setBusy] = useState(false);
  const [patientId, setPatientId] = useState<string | null>(null);
  const [missingPatient, setMissingPatient] = useState(false);
  const [failed, setFailed] = useState<{ retry: () => void } | null>(null);
  const bookingKey = useRef<{ key: string; patientId: string; sessionId: string } | null>(null);
  // A ref, not only state: one render cannot start two calls (a double tap on Book now or Confirm).
  const busyRef = useRef(false);
  const features = tenant.features;
  const patients = session.account?.patientList ?? [];
  const accountId = session.userProfileId;
  const guided = servicesGuided(consultations !== undefined, orders !== undefined);

  function recentOrganization(of: GuideData): ChatOrganization | null {
    const storage = localStorageOrNull();
    if (!isChatOrderService(of.service) || accountId === null || storage === null) {
      return null;
    }
    const recent = readRecentOrganizations(storage, accountId)[of.service];
    if (!recent) {
      return null;
    }
    // A hospital the tenant no longer has is not suggested.
    return of.organizations === null ? recent : (of.organizations.find((item) => item.id === recent.id) ?? null);
  }

  function facts(of: GuideData): ChatGuideFacts {
    return {
      signedIn: session.loggedIn,
      hasProfiles: patients.length > 0,
      service: of.service,
      hasRecentDoctor: (consultations?.recentDoctors().length ?? 0) > 0,
      hasRecentOrganization: recentOrganization(of) !== null,
      organizationCount: of.organizations === null ? null : of.organizations.length,
      upcomingCount: of.upcoming.length,
      sessionCount: of.sessions.length,
      seeMoreTaps: of.seeMoreTaps,
    };
  }

  function href(sessionId: string, appointmentId: string): string {
    return consultations?.appointmentHref(sessionId, appointmentId) ?? '/';
  }

  async function loadOrganizations(): Promise<ChatOrganization[] | null> {
    const load = consultations?.organizations ?? orders?.organizations;
    if (!load) {
      return [];
    }
    return load().catch(() => null);
  }

  /**
   * Asks the server for what a landing depends on (the hospitals, the sessions, the upcoming
   * appointments), working out the landing again with each answer; null when a call failed.
   */
  async function settle(
    compute: (context: ChatFlowContext) => ChatLanding | null,
    from: ChatStepId | null,
    start: GuideData,
  ): Promise<{ landing: ChatLanding | null; next: GuideData } | null> {
    let next = start;
    let sessionsAsked = false;
    let upcomingAsked = false;
    for (;;) {
      const landing = compute(guideContext(facts(next)));
      if (landing?.kind !== 'step') {
        return { landing, next };
      }
      const passed = landing.passed;
      if (next.organizations === null && passed.some((id) => ORGANIZATION_STEPS.includes(id))) {
        const organizations = await loadOrganizations();
        if (organizations === null) {
          return null;
        }
        next = { ...next, organizations };
        continue;
      }
      if (next.organizations?.length === 1 && next.organization === null) {
        // spec doc 1 §2: one hospital, no picker: the sessions and orders are that hospital's
        next = { ...next, organization: next.organizations[0] ?? null };
      }
      if (!sessionsAsked && consultations && from !== 'session-list' && passed.includes('session-list')) {
        sessionsAsked = true;
        const sessions = await consultations
          .sessions({
            doctorId: next.doctor?.id ?? null,
            specialtyCode: next.doctor === null ? (next.specialty?.code ?? null) : null,
            organizationId: next.organization?.id ?? null,
          })
          .catch(() => null);
        if (sessions === null) {
          return null;
        }
        next = { ...next, sessions, seeMoreTaps: 0 };
        continue;
      }
      if (!upcomingAsked && consultations && (passed.includes('upcoming-check') || passed.includes('upcoming-events'))) {
        upcomingAsked = true;
        const upcoming = await consultations.upcoming().catch(() => null);
        if (upcoming === null) {
          return null;
        }
        next = { ...next, upcoming };
        continue;
      }
      return { landing, next };
    }
  }

  /** Says a landing's messages and shows its step (or opens its route). */
  async function show(landing: ChatLanding | null, next: GuideData, patient: string | null, extra: Extra) {
    if (landing === null || landing.kind === 'off') {
      return;
    }
    if (landing.kind === 'route') {
      await navigate(landing.route);
      return;
    }
    const landed = { ...next, service: landing.service };
    setData(landed);
    setFailed(null);
    const upcoming = landed.upcoming.map((appointment) =>
      appointmentCard(appointment, href(appointment.sessionId, appointment.id)),
    );
    const messages = [
      ...(extra.events ?? []),
      ...guideMessages(landing.say, { upcoming, booked: extra.booked, orderLink: extra.orderLink }),
    ];
    dispatch({ type: 'flowed', patient, messages, flowStep: landing.step });
  }

  /** A call failed: the stream says so, the step stays, and 'Try again' repeats what was asked. */
  function fail(patient: string | null, stayOn: ChatStepId | null, retry: () => void) {
    setFailed({ retry });
    dispatch({
      type: 'flowed',
      patient,
      messages: [{ author: 'event', text: CHAT_TEXTS.requestFailed, tone: 'error' }],
      flowStep: stayOn,
    });
  }

  async function run(work: () => Promise<void>) {
    if (busyRef.current) {
      return;
    }
    busyRef.current = true;
    setBusy(true);
    try {
      await work();
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }

  /** Takes a choice at a step. */
  function go(from: ChatStepId, on: string, patient: string | null, patch: Partial<GuideData> = {}, extra: Extra = {}) {
    return run(async () => {
      const settled = await settle(
        (context) => chooseInChat(from, on, context, features),
        from,
        { ...data, ...patch },
      );
      if (settled === null) {
        fail(patient, from, () => void go(from, on, null, patch, extra));
        return;
      }
      await show(settled.landing, settled.next, patient, extra);
    });
  }

  function start(service: ChatService | null) {
    // A /chat-home/{category} path starts its service only where the chat carries it through.
    const wanted = service !== null && guided.has(service) ? service : null;
    void run(async () => {
      const settled = await settle(
        (context) => enterChat('restart', { ...context, service: wanted }, features),
        null,
        { ...emptyGuide, service: wanted },
      );
      if (settled === null) {
        fail(null, null, () => start(service));
        return;
      }
      await show(settled.landing, settled.next, null, {});
    });
  }

  function restore(saved: unknown, step: ChatStepId | null): boolean {
    const restored = parseGuideData(saved);
    if (restored === null) {
      return false;
    }
    // The step must still show (the flag may be off now, or the sign-in changed).
    if (step !== null && (guidedStep(step) === 'elsewhere' || !chatStepShown(step, guideContext(facts(restored)), features))) {
      return false;
    }
    setData(restored);
    return true;
  }

  async function book() {
    const chosen = data.session;
    // Only the pay-at-hospital path books here (as /view/session: spec doc 2 §4 Booking).
    if (!consultations || chosen === null || busyRef.current || !features.paymentGateWay.cash) {
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
    busyRef.current = true;
    setBusy(true);
    const result = await consultations
      .book({ patientId: patient.id, sessionId: chosen.id, idempotencyKey: key })
      .catch(() => ({ ok: false as const, error: fallbackErrorText }));
    busyRef.current = false;
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

  async function placeOrder(from: 'order-confirmation' | 'procedure-confirmation') {
    const service = data.service;
    if (!orders || busyRef.current || !isChatOrderService(service)) {
      return;
    }
    const patient = patients.find((candidate) => candidate.id === patientId);
    const { order, organization } = data;
    const block = chatOrderBlock({
      organizationId: organization?.id ?? null,
      documentIds: order.documents.map((document) => document.documentId),
      uploading: false,
      deliveryMode: order.deliveryMode,
      address: order.address ?? EMPTY_ADDRESS,
      patientId: patient?.id ?? null,
    });
    if (block === 'no-profile' || !patient) {
      setMissingPatient(true);
      return;
    }
    if (block !== null || organization === null || order.deliveryMode === null) {
      return;
    }
    const input: ChatOrderInput = {
      category: CHAT_ORDER_CATEGORY[service],
      patientId: patient.id,
      patientGivenName: patient.givenName,
      organizationId: organization.id,
      initiatedFor: chatInitiatedFor(order.deliveryMode),
      address: order.deliveryMode === 'home-delivery' ? (order.address ?? EMPTY_ADDRESS) : EMPTY_ADDRESS,
      documentReferenceIds: order.documents.map((document) => document.documentId),
      diagnosticReport: service === 'examination' ? order.tests : [],
      sampleDate: service === 'examination' ? order.sampleDate : null,
      procedureRequest: service === 'procedure' ? order.procedures : [],
      homeVisitRequestedTime: service === 'procedure' ? (order.visitTime?.at ?? null) : null,
    };
    // The same order sent again (a retry after a lost answer, even after a reload) keeps its key.
    const fingerprint = JSON.stringify(input);
    const submit = order.submit?.fingerprint === fingerprint ? order.submit : { key: newIdempotencyKey(), fingerprint };
    const kept = { ...order, submit };
    setData((current) => ({ ...current, order: kept }));
    busyRef.current = true;
    setBusy(true);
    const result = await orders
      .createOrder(input, submit.key)
      .catch(() => ({ ok: false as const, error: fallbackErrorText }));
    busyRef.current = false;
    setBusy(false);
    const said = patient.displayName;
    if (!result.ok) {
      await go(
        from,
        'order-failed',
        said,
        { order: kept },
        { events: [{ author: 'event', text: result.error || fallbackErrorText, tone: 'error' }] },
      );
      return;
    }
    const storage = localStorageOrNull();
    if (storage !== null && accountId !== null) {
      rememberRecentOrganization(storage, accountId, service, organization);
    }
    await orders.prepareOrderView().catch(() => undefined);
    setPatientId(null);
    await go(
      from,
      'order-created',
      said,
      { order: emptyOrder },
      { orderLink: { href: orders.orderHref(result.orderId), text: CHAT_TEXTS.viewOrder } },
    );
  }

  function pickOrganization(step: ChatStepId, organization: ChatOrganization) {
    const storage = localStorageOrNull();
    if (isChatOrderService(data.service) && storage !== null && accountId !== null) {
      rememberRecentOrganization(storage, accountId, data.service, organization);
    }
    void go(step, 'pick-organization', organization.name, { organization });
  }

  // The prescription upload goes on by itself once every picked file is a document (none still on
  // its way, none failed): the files join the order and the more-upload prompt follows.
  const uploadItems = uploads?.items;
  const onUploaded = useRef<() => void>(() => undefined);
  onUploaded.current = () => {
    if (flowStep !== 'prescription-upload' || !uploads || busyRef.current) {
      return;
    }
    const done = finishedUploads(uploads.items);
    if (done === null) {
      return;
    }
    const documents = [
      ...data.order.documents,
      ...done.map((item) => ({ id: item.id, documentId: item.documentId ?? '', name: item.name })),
    ];
    uploads.clear();
    void go(
      'prescription-upload',
      'uploaded',
      done.map((item) => item.name).join(', '),
      { order: { ...data.order, documents } },
    );
  };
  useEffect(() => {
    onUploaded.current();
  }, [flowStep, uploadItems]);

  const context = guideContext(facts(data));
  // The 7 sample collection dates (doc 3 §5): Today, Tomorrow, then the day's own name and date.
  const dateLabel = (date: string, index: number): string => {
    if (index === 0) {
      return tx(CHAT_TEXTS.today);
    }
    if (index === 1) {
      return tx(CHAT_TEXTS.tomorrow);
    }
    return new Intl.DateTimeFormat(i18n.locale, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
      new Date(`${date}T00:00:00Z`),
    );
  };
  const codeNames = (known: readonly { code: string; display: string }[], codes: readonly string[]): string =>
    codes.map((code) => known.find((item) => item.code === code)?.display ?? code).join(', ');
  const labelled = (step: ChatStepId) =>
    chatButtons(step, context, features).filter((choice) => choice.label !== undefined);
  // What a choice changes in what the conversation has gathered.
  const patchFor = (on: string): Partial<GuideData> => {
    switch (on) {
      case 'search-again':
        return { doctor: null, specialty: null, organization: null };
      case 'home-delivery':
        return { order: { ...data.order, deliveryMode: 'home-delivery' } };
      case 'hospital-pickup':
        return { order: { ...data.order, deliveryMode: 'hospital-pickup', address: null } };
      case 'another-organization':
        return { organization: null };
      case 'cancel':
        return { order: emptyOrder, session: null };
      default:
        return {};
    }
  };
  const choiceButtons = (step: ChatStepId, choices: ChatChoice[]) =>
    choices.map((choice) => {
      const label = choice.label === undefined ? '' : CHAT_TEXTS[choice.label];
      return (
        <button
          key={choice.on}
          className="chat-button chat-button-secondary"
          type="button"
          disabled={busy}
          onClick={() => {
            if (choice.on === 'cancel') {
              uploads?.clear();
            }
            void go(step, choice.on, label, patchFor(choice.on));
          }}
        >
          {tx(label)}
        </button>
      );
    });

  let widget: ReactNode = null;
  if ((consultations || orders) && ready && flowStep !== null) {
    switch (guidedStep(flowStep)) {
      case 'search-actions':
        widget = (
          <div className="chat-buttons">
            {choiceButtons('search-actions', labelled('search-actions'))}
          </div>
        );
        break;
      case 'recent-doctor':
        widget = consultations ? (
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
        ) : null;
        break;
      case 'doctor-by-name':
        widget = consultations ? (
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
        ) : null;
        break;
      case 'specialty':
        widget = consultations ? (
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
        ) : null;
        break;
      case 'suggest-recent-organization-medication':
      case 'suggest-recent-organization-lab':
      case 'suggest-recent-organization-procedure': {
        // spec doc 1 §4 suggest-recent-organization: the hospital chosen last time, or another one
        const recent = recentOrganization(data);
        widget = (
          <div className="chat-buttons">
            {recent !== null ? (
              <button
                className="chat-button chat-button-secondary"
                type="button"
                disabled={busy}
                onClick={() => pickOrganization(flowStep, recent)}
              >
                {recent.name}
              </button>
            ) : null}
            {choiceButtons(flowStep, labelled(flowStep))}
          </div>
        );
        break;
      }
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
                  onClick={() => pickOrganization(flowStep, organization)}
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
            <ProfileChoice
              legend={t('chat.guide.whoFor')}
              patients={patients}
              chosen={patientId}
              disabled={busy}
              onChoose={(id) => {
                setPatientId(id);
                setMissingPatient(false);
              }}
            />
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
      case 'home-visit-time':
        widget = (
          <VisitTimePicker
            dates={sampleCollectionDateChoices(new Date(), DEFAULT_TIME_ZONE)}
            now={Date.now()}
            dateLabel={dateLabel}
            disabled={busy}
            onPick={(date, dateSaid, time) => {
              const said = `${dateSaid}, ${time}`;
              void go('home-visit-time', 'pick-time', said, {
                order: { ...data.order, visitTime: { at: chatVisitRequestedTime(date, time, DEFAULT_TIME_ZONE), said } },
              });
            }}
          />
        );
        break;
      case 'procedure-code':
        widget = (
          <TestChoice
            tests={tenant.procedureCodes.filter((item) => item.enabled)}
            initial={data.order.procedures}
            legend={t('chat.visit.services')}
            none={CHAT_TEXTS.chooseServices}
            disabled={busy}
            onConfirm={(procedures, said) =>
              void go('procedure-code', 'pick-procedures', said, { order: { ...data.order, procedures } })
            }
          />
        );
        break;
      case 'lab-test-selection':
        widget = (
          <TestChoice
            tests={tenant.diagnosticReportCodes.filter((test) => test.enabled)}
            initial={data.order.tests}
            legend={t('chat.lab.tests')}
            none={CHAT_TEXTS.chooseTests}
            disabled={busy}
            onConfirm={(tests, said) =>
              void go('lab-test-selection', 'pick-tests', said, { order: { ...data.order, tests } })
            }
          />
        );
        break;
      case 'sample-collection-address':
        widget = (
          <AddressForm
            initial={data.order.address ?? profileAddress(patients)}
            disabled={busy}
            onConfirm={(address) =>
              void go('sample-collection-address', 'confirm-address', addressLine(address), {
                // A lab test's sample is collected at home (homecare).
                order: { ...data.order, address, deliveryMode: 'home-delivery' },
              })
            }
          />
        );
        break;
      case 'sample-collection-time':
        widget = (
          <div className="chat-buttons">
            {sampleCollectionDateChoices(new Date(), DEFAULT_TIME_ZONE).map((date, index) => {
              const label = dateLabel(date, index);
              return (
                <button
                  key={date}
                  className="chat-button chat-button-secondary"
                  type="button"
                  disabled={busy}
                  onClick={() =>
                    void go('sample-collection-time', 'pick-time', label, {
                      order: { ...data.order, sampleDate: date },
                    })
                  }
                >
                  {label}
                </button>
              );
            })}
          </div>
        );
        break;
      case 'prescription-upload':
        widget = uploads ? (
          <PrescriptionUpload uploads={uploads} disabled={busy} />
        ) : null;
        break;
      case 'more-upload-prompt':
      case 'delivery-mode':
        widget = <div className="chat-buttons">{choiceButtons(flowStep, labelled(flowStep))}</div>;
        break;
      case 'delivery-address':
        widget = (
          <AddressForm
            initial={data.order.address ?? profileAddress(patients)}
            disabled={busy}
            onConfirm={(address) =>
              void go('delivery-address', 'confirm-address', addressLine(address), {
                // A home visit is at home too (homecare).
                order: { ...data.order, address, ...(data.service === 'procedure' ? { deliveryMode: 'home-delivery' as const } : {}) },
              })
            }
          />
        );
        break;
      case 'order-confirmation':
      case 'procedure-confirmation': {
        const { order } = data;
        widget = (
          <>
            {data.service === 'procedure' ? (
              <ul className="chat-order-summary">
                <li>{tx(fillChatText('orderHospital', { hospital: data.organization?.name ?? '' }))}</li>
                <li>{tx(fillChatText('orderServices', { services: codeNames(tenant.procedureCodes, order.procedures) }))}</li>
                <li>{tx(fillChatText('orderVisitAt', { address: addressLine(order.address ?? EMPTY_ADDRESS) }))}</li>
                {order.visitTime !== null ? <li>{tx(fillChatText('orderVisitOn', { time: order.visitTime.said }))}</li> : null}
              </ul>
            ) : data.service === 'examination' ? (
              <ul className="chat-order-summary">
                <li>{tx(fillChatText('orderHospital', { hospital: data.organization?.name ?? '' }))}</li>
                <li>{tx(fillChatText('orderTests', { tests: codeNames(tenant.diagnosticReportCodes, order.tests) }))}</li>
                <li>{tx(fillChatText('orderCollectAt', { address: addressLine(order.address ?? EMPTY_ADDRESS) }))}</li>
                {order.sampleDate !== null ? (
                  <li>
                    {tx(
                      fillChatText('orderCollectOn', {
                        date: dateLabel(order.sampleDate, sampleCollectionDateChoices(new Date(), DEFAULT_TIME_ZONE).indexOf(order.sampleDate)),
                      }),
                    )}
                  </li>
                ) : null}
              </ul>
            ) : (
              <ul className="chat-order-summary">
                <li>{tx(fillChatText('orderHospital', { hospital: data.organization?.name ?? '' }))}</li>
                <li>{tx(fillChatText('orderDocuments', { count: String(order.documents.length) }))}</li>
                <li>
                  {order.deliveryMode === 'home-delivery'
                    ? tx(fillChatText('orderDeliverTo', { address: addressLine(order.address ?? EMPTY_ADDRESS) }))
                    : tx(CHAT_TEXTS.collectAtHospital)}
                </li>
              </ul>
            )}
            <ProfileChoice
              legend={tx(CHAT_TEXTS.orderFor)}
              patients={patients}
              chosen={patientId}
              disabled={busy}
              onChoose={(id) => {
                setPatientId(id);
                setMissingPatient(false);
              }}
            />
            <p className="chat-error" role="alert">
              {missingPatient ? tx(CHAT_TEXTS.chooseOrderPatient) : ''}
            </p>
            <div className="chat-buttons">
              <button
                className="chat-button"
                type="button"
                disabled={busy}
                aria-busy={busy}
                onClick={() => void placeOrder(flowStep === 'procedure-confirmation' ? 'procedure-confirmation' : 'order-confirmation')}
              >
                {tx(CHAT_TEXTS.confirmOrder)}
              </button>
              {choiceButtons(flowStep, labelled(flowStep))}
            </div>
          </>
        );
        break;
      }
      case 'elsewhere':
        // A step the chat cannot carry through with what app/ composed in: back to the menu.
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

  const retry =
    failed !== null && ready && !busy ? (
      <div className="chat-buttons">
        <button
          className="chat-button"
          type="button"
          onClick={() => {
            setFailed(null);
            failed.retry();
          }}
        >
          {tx(CHAT_TEXTS.tryAgain)}
        </button>
      </div>
    ) : null;

  return {
    enabled: consultations !== undefined,
    ordersEnabled: orders !== undefined && uploads !== undefined,
    chooseFromMenu: (on, label) => {
      // A service starts afresh: nothing of an earlier booking or order carries over.
      const fresh: Partial<GuideData> =
        on === 'what-is-my-upcoming'
          ? {}
          : { doctor: null, specialty: null, organization: null, session: null, order: emptyOrder };
      if (on === 'online-pharmacy' || on === 'home-lab-test' || on === 'home-visit') {
        uploads?.clear();
      }
      void go('service-type-menu', on, label, fresh);
    },
    start,
    restore,
    data,
    busy,
    widget,
    retry,
    viewKey: [
      flowStep,
      data.seeMoreTaps,
      data.sessions.length,
      patientId,
      missingPatient,
      busy,
      failed !== null,
      uploads?.items.map((item) => `${item.id}:${item.state}`).join(',') ?? '',
    ].join('|'),
  };
}

/** A session as one line: doctor, hospital and time in the chat's format. */
function sessionLine(session: ChatSession): string {
  return `${session.doctorName} · ${session.organizationName} · ${formatChatDate(new Date(session.startTime)) ?? ''}`;
}

/** Who a booking or an order is for: the account's profiles, one pressed. */
function ProfileChoice({
  legend,
  patients,
  chosen,
  disabled,
  onChoose,
}: {
  legend: string;
  patients: readonly ClientPatient[];
  chosen: string | null;
  disabled: boolean;
  onChoose: (id: string) => void;
}) {
  const tx = useTranslateText();
  return (
    <fieldset className="chat-profiles">
      <legend>{legend}</legend>
      <div className="chat-buttons">
        {patients.map((candidate) => (
          <button
            key={candidate.id}
            className="chat-button chat-button-secondary"
            type="button"
            aria-pressed={chosen === candidate.id}
            disabled={disabled}
            onClick={() => onChoose(candidate.id)}
          >
            {candidate.displayName}
            {candidate.relationship ? ` (${tx(candidate.relationship)})` : ''}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * The prescription upload (spec doc 1 §2; doc 3 §2, §4 Creation flow): a photo (image/*) or a PDF
 * (application/pdf), sent in the background by the orders feature, its list with progress, Retry and
 * Remove, and the failure notices.
 */
function PrescriptionUpload({ uploads, disabled }: { uploads: ChatOrderUploads; disabled: boolean }) {
  const tx = useTranslateText();
  const photoInput = useRef<HTMLInputElement>(null);
  const pdfInput = useRef<HTMLInputElement>(null);
  const onPicked = (input: HTMLInputElement) => {
    const files = Array.from(input.files ?? []);
    // The same file can be picked again after a removal.
    input.value = '';
    void uploads.add(files);
  };
  return (
    <div className="chat-upload">
      {uploads.list}
      <div role="alert">
        {uploads.failures.map((failure) => (
          <p key={failure} className="chat-error">
            {tx(failure)}
          </p>
        ))}
      </div>
      <div className="chat-buttons">
        <button className="chat-button" type="button" disabled={disabled} onClick={() => photoInput.current?.click()}>
          {tx(CHAT_TEXTS.addPrescriptionPhoto)}
        </button>
        <button
          className="chat-button chat-button-secondary"
          type="button"
          disabled={disabled}
          onClick={() => pdfInput.current?.click()}
        >
          {tx(CHAT_TEXTS.addPrescriptionPdf)}
        </button>
        <input
          ref={photoInput}
          className="visually-hidden"
          type="file"
          accept={ORDER_UPLOAD_ACCEPT.image}
          multiple
          tabIndex={-1}
          aria-hidden="true"
          data-testid="chat-photo-input"
          onChange={(event) => onPicked(event.currentTarget)}
        />
        <input
          ref={pdfInput}
          className="visually-hidden"
          type="file"
          accept={ORDER_UPLOAD_ACCEPT.pdf}
          multiple
          tabIndex={-1}
          aria-hidden="true"
          data-testid="chat-pdf-input"
          onChange={(event) => onPicked(event.currentTarget)}
        />
      </div>
    </div>
  );
}

/**
 * Lab test selection and procedure code selection (spec doc 1 §2 examination-test and procedure-code
 * widgets): the tenant's tests or services, one or more.
 */
function TestChoice({
  tests,
  initial,
  legend,
  none,
  disabled,
  onConfirm,
}: {
  tests: readonly { code: string; display: string }[];
  initial: readonly string[];
  /** What is chosen, for screen readers ('Tests', 'Services'). */
  legend: string;
  /** Said when Confirm is tapped with nothing chosen. */
  none: string;
  disabled: boolean;
  onConfirm: (codes: string[], said: string) => void;
}) {
  const tx = useTranslateText();
  const [chosen, setChosen] = useState<string[]>([...initial]);
  const [attempted, setAttempted] = useState(false);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    const codes = tests.filter((test) => chosen.includes(test.code));
    if (codes.length > 0) {
      onConfirm(
        codes.map((test) => test.code),
        codes.map((test) => test.display).join(', '),
      );
    }
  };
  return (
    <form className="chat-tests" noValidate onSubmit={onSubmit}>
      <fieldset className="chat-profiles">
        <legend className="visually-hidden">{legend}</legend>
        <ul className="chat-choices chat-choices-scroll">
          {tests.map((test) => (
            <li key={test.code}>
              <label className="chat-check">
                <input
                  type="checkbox"
                  checked={chosen.includes(test.code)}
                  onChange={(event) => {
                    const on = event.target.checked;
                    setChosen((current) => (on ? [...current, test.code] : current.filter((code) => code !== test.code)));
                  }}
                />
                <span>{test.display}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <p className="chat-error" role="alert">
        {attempted && chosen.length === 0 ? tx(none) : ''}
      </p>
      <div className="chat-buttons">
        <button className="chat-button" type="submit" disabled={disabled}>
          {tx(CHAT_TEXTS.confirm)}
        </button>
      </div>
    </form>
  );
}

/**
 * The home-visit time picker (spec doc 1 §2 time-picker widget): one of the 7 dates, then a time of
 * day; Back returns to the dates.
 */
function VisitTimePicker({
  dates,
  now,
  dateLabel,
  disabled,
  onPick,
}: {
  dates: readonly string[];
  /** The time now (ms): today's times already gone, or within the hour, are not offered. */
  now: number;
  dateLabel: (date: string, index: number) => string;
  disabled: boolean;
  onPick: (date: string, dateSaid: string, time: (typeof CHAT_VISIT_TIMES)[number]) => void;
}) {
  const t = useTranslate();
  const [date, setDate] = useState<{ date: string; said: string } | null>(null);
  if (date === null) {
    return (
      <div className="chat-buttons" role="group" aria-label={t('chat.visit.date')}>
        {dates.map((choice, index) => (
          <button
            key={choice}
            className="chat-button chat-button-secondary"
            type="button"
            disabled={disabled}
            onClick={() => setDate({ date: choice, said: dateLabel(choice, index) })}
          >
            {dateLabel(choice, index)}
          </button>
        ))}
      </div>
    );
  }
  return (
    <div className="chat-buttons" role="group" aria-label={t('chat.visit.time', { date: date.said })}>
      {CHAT_VISIT_TIMES.filter(
        (time) => Date.parse(chatVisitRequestedTime(date.date, time, DEFAULT_TIME_ZONE)) > now + VISIT_NOTICE_MS,
      ).map((time) => (
        <button
          key={time}
          className="chat-button chat-button-secondary"
          type="button"
          disabled={disabled}
          onClick={() => onPick(date.date, date.said, time)}
        >
          {time}
        </button>
      ))}
      <button className="chat-button chat-button-secondary" type="button" disabled={disabled} onClick={() => setDate(null)}>
        {t('chat.visit.otherDay')}
      </button>
    </div>
  );
}

/** A home visit is asked for at least an hour ahead (ours). */
const VISIT_NOTICE_MS = 60 * 60 * 1000;

const ADDRESS_FIELDS = ['addressLineOne', 'addressLineTwo', 'addressLineThree', 'addressCity'] as const;

/**
 * The delivery address confirmation (spec doc 1 §2; doc 3 §2: address line 1, address line 2,
 * landmark and city), filled from the profile's address and editable; an empty address is refused.
 */
function AddressForm({
  initial,
  disabled,
  onConfirm,
}: {
  initial: OrderAddress;
  disabled: boolean;
  onConfirm: (address: OrderAddress) => void;
}) {
  const tx = useTranslateText();
  const [address, setAddress] = useState<OrderAddress>(initial);
  const [attempted, setAttempted] = useState(false);
  const missing = attempted && !hasAddress(address);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setAttempted(true);
    if (hasAddress(address)) {
      onConfirm(address);
    }
  };
  return (
    <form className="chat-address" noValidate onSubmit={onSubmit}>
      {ADDRESS_FIELDS.map((field, index) => (
        <label key={field} className="chat-address__field">
          <span>{tx(addressLabels[index] ?? '')}</span>
          <input
            className="chat-input"
            type="text"
            value={address[field]}
            aria-invalid={missing}
            aria-describedby="chat-address-error"
            onChange={(event) => {
              const value = event.target.value;
              setAddress((current) => ({ ...current, [field]: value }));
            }}
          />
        </label>
      ))}
      <p id="chat-address-error" className="chat-error" role="alert">
        {missing ? tx(CHAT_TEXTS.enterAddress) : ''}
      </p>
      <div className="chat-buttons">
        <button className="chat-button" type="submit" disabled={disabled}>
          {tx(CHAT_TEXTS.confirmAddress)}
        </button>
      </div>
    </form>
  );
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
