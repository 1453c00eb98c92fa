import { useRef, useState, type Dispatch, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import {
  CHAT_TEXTS,
  chatButtons,
  chatStepShown,
  chooseInChat,
  enterChat,
  isChatOrderService,
  type ChatChoice,
  type ChatFlowContext,
  type ChatLanding,
  type ChatService,
  type ChatStepId,
} from '@careline/domain/chat-flow';
import { useLingui, useTranslate, useTranslateText } from '@careline/i18n/react';
import { useSession } from '../../../lib/session';
import { useTenant } from '../../../lib/tenant';
import type { ChatAction } from '../utils/chat-flow.ts';
import type { ChatConsultations, ChatOrganization } from '../utils/chat-consultations.ts';
import { emptyGuide, emptyOrder, parseGuideData, type GuideData } from '../utils/chat-guide-data.ts';
import {
  appointmentCard,
  guideContext,
  guideMessages,
  hospitalsWithSessions,
  newIdempotencyKey,
  offeredHospitals,
  type ChatGuideFacts,
} from '../utils/chat-guide.ts';
import { readRecentOrganizations, rememberRecentOrganization } from '../utils/chat-memory.ts';
import type { ChatOrderUploads, ChatOrders } from '../utils/chat-orders.ts';
import { ChatRetry } from './chat-retry.tsx';
import { bookingSteps } from './guide/booking-steps.tsx';
import type { GuideExtra, GuideKit, GuidePart, GuideWidget } from './guide/guide-kit.ts';
import { homeVisitSteps } from './guide/home-visit-steps.tsx';
import { labTestSteps } from './guide/lab-test-steps.tsx';
import { pharmacySteps, useUploadsJoinOrder } from './guide/pharmacy-steps.tsx';
import { sharedSteps } from './guide/shared-steps.tsx';
import { formatDay } from '@careline/domain/time';

/**
 * The parts that answer the guided steps' widgets, one per service and the shared one (issue 12 §2);
 * any other guided step offers the way back to the menu.
 */
const PARTS: readonly GuidePart[] = [bookingSteps, pharmacySteps, labTestSteps, homeVisitSteps, sharedSteps];
const STEP_WIDGETS: Partial<Record<ChatStepId, GuideWidget>> = Object.fromEntries(
  PARTS.flatMap((part) => Object.entries(part.steps)),
);
const CHOICE_PATCHES = new Map(PARTS.flatMap((part) => Object.entries(part.patches ?? {})));
const ORDER_SUMMARIES: NonNullable<GuidePart['orderSummary']> = Object.fromEntries(
  PARTS.flatMap((part) => Object.entries(part.orderSummary ?? {})),
);

/** The steps the parts answer, each as often as a part answers it (the rest show the way back to the menu). */
export function guidedSteps(): ChatStepId[] {
  return PARTS.flatMap((part) => Object.keys(part.steps) as ChatStepId[]);
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

/** The steps where a consultation's hospital is chosen (issue 29 §11: only those with sessions are offered). */
const CONSULTATION_ORGANIZATION_STEPS: readonly ChatStepId[] = ['recent-organization', 'organization-picker'];

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

function localStorageOrNull(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The guided steps (issue 12 §2; spec doc 1 §2, §4; doc 2 §4 Booking, §9; doc 3 §4 Creation flow),
 * one tap at a time along the domain's step graph: the upcoming check; Book a Doctor, Online
 * Pharmacy, Home Lab Test and Home Visit; after booking or ordering, back to the upcoming check.
 * This hook is the mechanism: what the conversation has gathered, the calls a landing needs, the
 * stream's messages, 'Try again' after a failed call (never an empty answer). What each step shows
 * is its part's (./guide/: booking, pharmacy, lab test, home visit, shared).
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
  const keys = useRef(new Map<string, { key: string; fingerprint: string }>());
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
      organizationCount: offeredHospitals(of)?.length ?? null,
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
      if (
        consultations &&
        next.service === 'consultation' &&
        (next.doctor !== null || next.specialty !== null) &&
        next.organization === null &&
        next.sessionHospitals === null &&
        (next.organizations?.length ?? 0) > 1 &&
        passed.some((id) => CONSULTATION_ORGANIZATION_STEPS.includes(id))
      ) {
        // issue 29 §11: offer only the hospitals where the doctor (or specialty) has sessions
        const { doctor, specialty } = next;
        const sessionHospitals = await hospitalsWithSessions(next.organizations ?? [], (organizationId) =>
          consultations.sessions({
            doctorId: doctor?.id ?? null,
            specialtyCode: doctor === null ? (specialty?.code ?? null) : null,
            organizationId,
          }),
        );
        if (sessionHospitals === null) {
          return null;
        }
        next = { ...next, sessionHospitals };
        continue;
      }
      const offered = offeredHospitals(next);
      if (offered?.length === 1 && next.organization === null) {
        // spec doc 1 §2: one hospital, no picker: the sessions and orders are that hospital's
        next = { ...next, organization: offered[0] ?? null };
      }
      if (offered?.length === 0 && next.service === 'consultation' && !sessionsAsked) {
        // No hospital has a session of this doctor: the session list says so (spec doc 1 §8).
        sessionsAsked = true;
        next = { ...next, sessions: [], seeMoreTaps: 0 };
        continue;
      }
      if (!sessionsAsked && consultations && from !== 'session-list' && passed.includes('session-list')) {
        sessionsAsked = true;
        const sessions = await consultations
          .sessions({
            doctorId: next.doctor?.id ?? null,
            specialtyCode: next.doctor === null ? (next.specialty?.code ?? null) : null,
            organizationId: next.organization?.id ?? null,
            videoOnly: next.service === 'video-consultation',
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
  async function show(landing: ChatLanding | null, next: GuideData, patient: string | null, extra: GuideExtra, newFlow = false) {
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
    dispatch({ type: 'flowed', patient, patientFiles: extra.files, messages, flowStep: landing.step, newFlow });
  }

  /** A call failed: the stream says so, the step stays, and 'Try again' repeats what was asked. */
  function fail(patient: string | null, stayOn: ChatStepId | null, retry: () => void, files?: GuideExtra['files'], newFlow = false) {
    setFailed({ retry });
    dispatch({
      type: 'flowed',
      patient,
      patientFiles: files,
      messages: [{ author: 'event', text: CHAT_TEXTS.requestFailed, tone: 'error' }],
      flowStep: stayOn,
      newFlow,
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
  function go(from: ChatStepId, on: string, patient: string | null, patch: Partial<GuideData> = {}, extra: GuideExtra = {}) {
    return run(async () => {
      const settled = await settle(
        (context) => chooseInChat(from, on, context, features),
        from,
        { ...data, ...patch },
      );
      // A choice on the service-type menu starts the next flow of the conversation (issue 29 §12).
      const newFlow = from === 'service-type-menu' && patient !== null;
      if (settled === null) {
        fail(patient, from, () => void go(from, on, null, patch, extra), extra.files, newFlow);
        return;
      }
      await show(settled.landing, settled.next, patient, extra, newFlow);
      extra.onLanded?.();
    });
  }

  function start(service: ChatService | null) {
    // A /chat-home/{category} path starts its service only where the chat carries it through.
    const wanted = service !== null && guided.has(service) ? service : null;
    // A fresh conversation: files kept on the phone from an earlier one go.
    uploads?.clear();
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
    if (step !== null && (STEP_WIDGETS[step] === undefined || !chatStepShown(step, guideContext(facts(restored)), features))) {
      return false;
    }
    setData(restored);
    return true;
  }
  const context = guideContext(facts(data));
  const labelled = (step: ChatStepId) => chatButtons(step, context, features).filter((choice) => choice.label !== undefined);
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
            void go(step, choice.on, label, CHOICE_PATCHES.get(choice.on)?.(data) ?? {});
          }}
        >
          {tx(label)}
        </button>
      );
    });

  const kit: GuideKit = {
    data,
    setData,
    busy,
    isBusy: () => busyRef.current,
    during: async (work) => {
      busyRef.current = true;
      setBusy(true);
      try {
        return await work();
      } finally {
        busyRef.current = false;
        setBusy(false);
      }
    },
    go,
    labelled,
    choiceButtons,
    consultations,
    orders,
    uploads,
    tenant,
    patients,
    accountId,
    patientId,
    setPatientId,
    missingPatient,
    setMissingPatient,
    keyFor: (scope, fingerprint) => {
      const previous = keys.current.get(scope);
      const key = previous !== undefined && previous.fingerprint === fingerprint ? previous.key : newIdempotencyKey();
      keys.current.set(scope, { key, fingerprint });
      return key;
    },
    forgetKey: (scope) => {
      keys.current.delete(scope);
    },
    recentOrganization,
    rememberOrganization: (service, organization) => {
      const storage = localStorageOrNull();
      if (storage !== null && accountId !== null) {
        rememberRecentOrganization(storage, accountId, service, organization);
      }
    },
    appointmentHref: href,
    // The 7 sample collection dates (doc 3 §5): Today, Tomorrow, then the day's own name and date.
    dateLabel: (date, index) => {
      if (index === 0) {
        return tx(CHAT_TEXTS.today);
      }
      if (index === 1) {
        return tx(CHAT_TEXTS.tomorrow);
      }
      return formatDay(date, 'dateChoice', i18n.locale) ?? date;
    },
    orderSummary: () => ORDER_SUMMARIES[isChatOrderService(data.service) ? data.service : 'medication']?.(kit) ?? null,
    dispatch,
    t,
    tx,
  };

  useUploadsJoinOrder(kit, flowStep);

  let widget: ReactNode = null;
  if ((consultations || orders) && ready && flowStep !== null) {
    const answer = STEP_WIDGETS[flowStep];
    widget =
      answer !== undefined ? (
        answer(kit, flowStep)
      ) : (
        // A step the chat cannot carry through with what app/ composed in: back to the menu.
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

  const retry =
    failed !== null && ready && !busy ? (
      <ChatRetry
        onRetry={() => {
          setFailed(null);
          failed.retry();
        }}
      />
    ) : null;

  return {
    enabled: consultations !== undefined,
    ordersEnabled: orders !== undefined && uploads !== undefined,
    chooseFromMenu: (on, label) => {
      // A service starts afresh: nothing of an earlier booking or order carries over.
      const fresh: Partial<GuideData> =
        on === 'what-is-my-upcoming'
          ? {}
          : { doctor: null, specialty: null, sessionHospitals: null, organization: null, session: null, order: emptyOrder };
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
