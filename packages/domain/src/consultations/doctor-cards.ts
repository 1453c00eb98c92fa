/**
 * /doctor's one card per doctor (issue 29 §4.14), once for the app (apps/web features/consultations
 * session-results.tsx) and the page the server writes (apps/server web-app.doctor.ts, issue 33 §1):
 * both group the same sessions the same way (issue 28). A file of its own, so that the screens that
 * show a session card and no doctor's card (/view) do not carry it.
 */
import { searchSessionBlock, type SearchSession } from './session-cards.ts';

/** What grouping needs of a session. */
export type GroupableSession = SearchSession & { startTime: string; practitioner: { id: string } };

/**
 * One doctor's sessions as a card (issue 29 §4.14): the next session that can be booked, and the
 * rest, in start order, behind a disclosure.
 */
export type DoctorCard<T> = { practitionerId: string; next: T; rest: T[]; nextPickable: boolean };

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
