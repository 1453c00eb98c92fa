/** A doctor the patient chose lately (spec doc 2 §2: recent doctors under the search box). */
export type RecentDoctor = { id: string; name: string; role: string };

export const RECENT_DOCTORS_KEY = 'careline.recentDoctors';
/** How many recent doctors are kept and shown. */
export const RECENT_DOCTORS_KEPT = 5;

function isRecentDoctor(value: unknown): value is RecentDoctor {
  if (typeof value !== 'object' || value === null) {
    return false;
  }
  const record = value as Record<string, unknown>;
  return typeof record.id === 'string' && typeof record.name === 'string' && typeof record.role === 'string';
}

/**
 * The recent doctors, newest first; [] when storage is empty, unreadable or holds something else.
 * @param storage - where they are kept (localStorage)
 */
export function readRecentDoctors(storage: Pick<Storage, 'getItem'>): RecentDoctor[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(RECENT_DOCTORS_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isRecentDoctor).slice(0, RECENT_DOCTORS_KEPT) : [];
  } catch {
    return [];
  }
}

/**
 * The list with a doctor put first (once), at most RECENT_DOCTORS_KEPT long.
 * @param recent - the current list
 * @param doctor - the doctor just chosen
 */
export function withRecentDoctor(recent: readonly RecentDoctor[], doctor: RecentDoctor): RecentDoctor[] {
  return [doctor, ...recent.filter((item) => item.id !== doctor.id)].slice(0, RECENT_DOCTORS_KEPT);
}

/**
 * Remembers a chosen doctor; storage failures (private mode, full) are ignored.
 * @param storage - where they are kept (localStorage)
 * @param doctor - the doctor just chosen
 */
export function rememberRecentDoctor(storage: Pick<Storage, 'getItem' | 'setItem'>, doctor: RecentDoctor): RecentDoctor[] {
  const next = withRecentDoctor(readRecentDoctors(storage), doctor);
  try {
    storage.setItem(RECENT_DOCTORS_KEY, JSON.stringify(next));
  } catch {
    // Not remembered: the list simply stays as it was next time.
  }
  return next;
}
