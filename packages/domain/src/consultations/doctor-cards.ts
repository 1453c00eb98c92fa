/**
 * The rules of /doctor's doctor cards (issue 29 §4.14), once for the app (apps/web
 * features/consultations) and for the page the server writes (apps/server web-app.doctor.ts, issue 33
 * §1), so that both show the same cards from the same address (issue 28: every rule once). Which
 * catalogue key says what is here; the texts live in packages/i18n.
 */
import { formatMinor, toMinor } from '../payments/money.ts';
import { sessionPickBlock, type SessionCardLabel, type SessionPickBlock } from './session-rules.ts';

/** The session mode of a video consultation (spec doc 2 §3 Session participationMode). */
export const VIDEO_PARTICIPATION_MODE = 'remote_presence_video_call';

// --- The address's filters (spec doc 2 §2 routes table).

/** The /doctor filters, read from and written to the address (spec doc 2 §2 routes table). */
export type DoctorFilters = {
  /** A practitioner id. */
  selectedPractitioner: string | null;
  /** An organization (hospital) id. */
  organization: string | null;
  /** A specialty (practitioner role) code. */
  performerRole: string | null;
  /** The appointment being rescheduled, carried to the new booking. */
  appointmentRescheduledFor: string | null;
  /** 'video' (type=video: the Video Channel) lists video sessions only (issue 29 §2.8). */
  type?: 'video' | null;
};

/** The address's filter names, in the order the app writes them. */
export const doctorFilterNames = ['selectedPractitioner', 'organization', 'performerRole', 'appointmentRescheduledFor', 'type'] as const;

/** What reading the filters needs of an address's query (a URLSearchParams). */
export type QueryParams = { get(name: string): string | null };

function value(params: QueryParams, name: string): string | null {
  const text = params.get(name)?.trim() ?? '';
  return text === '' ? null : text;
}

/**
 * The filters in a /doctor address, blanks as null.
 * @param params - the address's query
 */
export function readDoctorFilters(params: QueryParams): DoctorFilters {
  return {
    selectedPractitioner: value(params, 'selectedPractitioner'),
    organization: value(params, 'organization'),
    performerRole: value(params, 'performerRole'),
    appointmentRescheduledFor: value(params, 'appointmentRescheduledFor'),
    type: value(params, 'type') === 'video' ? 'video' : null,
  };
}

/**
 * Whether a search filter (doctor, hospital or specialty) is set: then sessions are listed, and the
 * main bottom bar is hidden (spec doc 2 §2 Video: hidden during doctor search with a filter set).
 * @param filters - the filters
 */
export function hasSearchFilter(filters: DoctorFilters): boolean {
  return filters.selectedPractitioner !== null || filters.organization !== null || filters.performerRole !== null;
}

/** querySession's variables for a /doctor search. */
export type SessionSearchVariables = {
  actorReference: string[];
  practitionerRoleCodingCode: string | null;
  extensionParticipationMode?: string;
};

/**
 * querySession's variables for the filters: Practitioner/{id} and Organization/{id} references, the
 * role code, and for type=video the video mode, which the server filters on (spec doc 2 §7
 * querySession; issue 29 §2.8). The server's /doctor asks with this very object, so that the app
 * finds the answer it carries by it (issue 33 §1).
 * @param filters - the filters
 */
export function sessionSearchVariables(filters: DoctorFilters): SessionSearchVariables {
  const actorReference: string[] = [];
  if (filters.selectedPractitioner) {
    actorReference.push(`Practitioner/${filters.selectedPractitioner}`);
  }
  if (filters.organization) {
    actorReference.push(`Organization/${filters.organization}`);
  }
  return {
    actorReference,
    practitionerRoleCodingCode: filters.performerRole,
    ...(filters.type === 'video' ? { extensionParticipationMode: VIDEO_PARTICIPATION_MODE } : {}),
  };
}

// --- One card per doctor (issue 29 §4.14).

/** What grouping needs of a session. */
export type GroupableSession = {
  startTime: string;
  status: string;
  appointmentMaxAllowed: number;
  appointmentCount: number;
  practitioner: { id: string };
};

/**
 * One doctor's sessions as a card (issue 29 §4.14): the next session that can be booked, and the
 * rest, in start order, behind a disclosure.
 */
export type DoctorCard<T> = { practitionerId: string; next: T; rest: T[]; nextPickable: boolean };

/**
 * Why a session of the search cannot be picked (spec doc 2 §4), its appointment count as the live ones.
 * @param session - the search's session
 */
export function searchSessionBlock(session: Omit<GroupableSession, 'practitioner' | 'startTime'>): SessionPickBlock {
  return sessionPickBlock({
    status: session.status,
    appointmentMaxAllowed: session.appointmentMaxAllowed,
    liveAppointments: session.appointmentCount,
  });
}

const pickable = (session: GroupableSession): boolean => searchSessionBlock(session) === null;

/**
 * Groups sessions by doctor: each doctor's next session that can be booked first (full, completed
 * and cancelled ones cannot, spec doc 2 §4; a doctor with none shows the earliest), the others after
 * it in start order. Doctors with a session to book come first, by its start; then the others.
 * @param sessions - the search's sessions
 */
export function groupSessionsByDoctor<T extends GroupableSession>(sessions: readonly T[]): DoctorCard<T>[] {
  const sorted = [...sessions].sort((a, b) => Date.parse(a.startTime) - Date.parse(b.startTime));
  const byDoctor = new Map<string, T[]>();
  for (const session of sorted) {
    const list = byDoctor.get(session.practitioner.id);
    if (list) {
      list.push(session);
    } else {
      byDoctor.set(session.practitioner.id, [session]);
    }
  }
  const cards: DoctorCard<T>[] = [];
  for (const [practitionerId, list] of byDoctor) {
    const index = Math.max(0, list.findIndex(pickable));
    const next = list[index];
    if (next) {
      cards.push({ practitionerId, next, rest: list.filter((_, at) => at !== index), nextPickable: pickable(next) });
    }
  }
  return cards.sort(
    (a, b) => Number(b.nextPickable) - Number(a.nextPickable) || Date.parse(a.next.startTime) - Date.parse(b.next.startTime),
  );
}

// --- The doctor's avatar (DESIGN: the photo when one exists, otherwise initials on a colour from the name).

/**
 * The initials of a name for an avatar without a photo: 'Dr. Nimal Perera' → 'NP' (titles skipped).
 * @param name - the name as shown
 */
export function initialsOf(name: string): string {
  const words = name.split(/\s+/).filter((word) => word !== '' && !/^(dr|mr|mrs|ms|miss|prof)\.?$/i.test(word));
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

/** Avatar tints: each reads white text at 4.5:1 or more. */
export const avatarTints = ['#0b6e69', '#5e35b1', '#ad1457', '#1565c0', '#6d4c41', '#2e7d32', '#c62828', '#37474f'] as const;

/**
 * A colour derived from a name, the same each time (spec DESIGN: initials on a colour from the name).
 * @param name - the name as shown
 */
export function avatarTint(name: string): string {
  let hash = 0;
  for (const char of name) {
    hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  }
  return avatarTints[hash % avatarTints.length] ?? avatarTints[0];
}

// --- A session card's fee, fill and label (spec doc 2 §2 Session cards, §4).

/**
 * A session's fee as the app writes money (spec doc 2 §9: 2 decimals, the currency after it; formatMinor
 * of the payment rules, read from money.ts alone so that /doctor does not load the rest of them, issue
 * 29 §4.15): { amount: '2500', currency: 'LKR' } → '2,500.00 LKR'. Null without a fee or with an amount
 * that is not one, so nothing is invented.
 * @param fee - the session's fee from the server
 */
export function sessionFeeText(fee: { amount: string; currency: string } | null | undefined): string | null {
  if (!fee) {
    return null;
  }
  try {
    return formatMinor(toMinor(fee.amount), fee.currency);
  } catch {
    // toMinor: not a non-negative amount with at most 2 decimals (docs/api-contract.md).
    return null;
  }
}

/**
 * How full a session's bar is, 0 to 100 (spec doc 2 §2 Session cards); 0 for an unlimited one, which
 * shows no bar.
 * @param session - the session's appointment count and maximum (-1: unlimited, spec doc 2 §3)
 */
export function sessionFillPercent(session: { appointmentCount: number; appointmentMaxAllowed: number }): number {
  return session.appointmentMaxAllowed <= 0 ? 0 : Math.min(100, (session.appointmentCount / session.appointmentMaxAllowed) * 100);
}

/** The tone of a session card's label chip (a class of the app's stylesheet: session-card__chip--<tone>). */
export type SessionLabelTone = 'neutral' | 'warning' | 'success' | 'danger';

/** Each label's tone: soon and waiting warn, a doctor there is good, a cancel is bad. */
export const sessionLabelTones: Readonly<Record<SessionCardLabel['kind'], SessionLabelTone>> = {
  startingAt: 'neutral',
  startingIn: 'warning',
  awaitingDoctor: 'warning',
  doctorArrived: 'success',
  doctorLeft: 'neutral',
  doctorCanceled: 'danger',
};

/** The catalogue keys of a session card's label (one a label kind) and block (packages/i18n consultations). */
export type SessionCardMessageId =
  | `consultations.card.${SessionCardLabel['kind']}`
  | 'consultations.card.blockedFull'
  | 'consultations.card.blockedCompleted'
  | 'consultations.card.blockedCancelled';

/** A session card's catalogue key with its placeholder values. */
export type SessionCardText = { id: SessionCardMessageId; values?: Record<string, string | number> };

/**
 * The catalogue text of a session card's label (spec doc 2 §4 Session status): the key of its kind,
 * with the minutes of 'Starting In N Mins'. 'Starting At' is followed by the session's time.
 * @param label - from sessionCardLabel
 */
export function sessionLabelText(label: SessionCardLabel): SessionCardText {
  const id = `consultations.card.${label.kind}` as const;
  return label.kind === 'startingIn' ? { id, values: { minutes: label.minutes } } : { id };
}

const blockIds: Readonly<Record<NonNullable<SessionPickBlock>, SessionCardMessageId>> = {
  full: 'consultations.card.blockedFull',
  completed: 'consultations.card.blockedCompleted',
  cancelled: 'consultations.card.blockedCancelled',
};

/**
 * Why a session cannot be picked, as a sentence read out beside the card (spec doc 2 §4).
 * @param block - from sessionPickBlock; null when it can be picked
 */
export function pickBlockText(block: SessionPickBlock): SessionCardText | null {
  return block === null ? null : { id: blockIds[block] };
}
