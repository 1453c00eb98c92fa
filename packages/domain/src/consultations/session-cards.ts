/**
 * The rules of a session card of the search (spec doc 2 §2 Session cards, §4; issue 29 §4.14) and of
 * the doctor's avatar on it, once for the app (apps/web features/consultations session-card.tsx,
 * doctor-avatar.tsx) and for the page the server writes (apps/server web-app.doctor.ts, issue 33 §1),
 * so that both show the same cards (issue 28: every rule once). Which catalogue key says what is
 * here; the texts live in packages/i18n.
 */
import { formatMinor, toMinor } from '../payments/money.ts';
import { sessionPickBlock, type SessionCardLabel, type SessionPickBlock } from './session-rules.ts';

/** What a session card's rules need of a search's session (querySession). */
export type SearchSession = { status: string; appointmentMaxAllowed: number; appointmentCount: number };

/**
 * Why a session of the search cannot be picked (spec doc 2 §4), its appointment count as the live ones.
 * @param session - the search's session
 */
export function searchSessionBlock(session: SearchSession): SessionPickBlock {
  return sessionPickBlock({
    status: session.status,
    appointmentMaxAllowed: session.appointmentMaxAllowed,
    liveAppointments: session.appointmentCount,
  });
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

// --- The fee, the bar and the label.

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
