/** What the doctor search looks at: the doctor's name and the displayed role names. */
export type DoctorSearchTarget = {
  /** The name as shown, e.g. 'Dr. Nimal Perera'. */
  name: string;
  /** Displayed role names, e.g. ['Cardiologist']. */
  roles: string[];
};

/** The role every doctor has; it is never shown in a role list (spec doc 1 §3 Practitioner). */
export const HIDDEN_ROLE = 'Doctor';

/**
 * True when a role (by code or display) is the hidden 'Doctor' role (spec doc 1 §3).
 * @param role - the role's code and display
 */
export function isHiddenRole(role: { code: string; display: string }): boolean {
  const hidden = HIDDEN_ROLE.toLowerCase();
  return role.code.trim().toLowerCase() === hidden || role.display.trim().toLowerCase() === hidden;
}

/**
 * The roles to display for a practitioner: without 'Doctor', without duplicates (spec doc 1 §3).
 * @param roles - every role the practitioner has
 */
export function displayedRoles<T extends { code: string; display: string }>(roles: T[]): T[] {
  const seen = new Set<string>();
  return roles.filter((role) => {
    const key = `${role.code}\u0000${role.display}`;
    if (isHiddenRole(role) || seen.has(key)) {
      return false;
    }
    seen.add(key);
    return true;
  });
}

const words = (text: string): string[] => text.toLowerCase().split(/\s+/).filter(Boolean);

/**
 * The doctor search rule (spec doc 1 §5 Doctor search): with a space in the text, a substring
 * match on name or role; otherwise a word-start match on name or role words; case-insensitive.
 * An empty text matches everyone.
 * @param text - what the patient typed
 * @param target - the doctor's name and displayed roles
 */
export function matchesDoctorSearch(text: string, target: DoctorSearchTarget): boolean {
  const query = text.trim().toLowerCase();
  if (!query) {
    return true;
  }
  const fields = [target.name, ...target.roles].map((field) => field.toLowerCase());
  if (query.includes(' ')) {
    return fields.some((field) => field.includes(query));
  }
  return fields.some((field) => words(field).some((word) => word.startsWith(query)));
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * Natural order for names, so 'Ward 2' sorts before 'Ward 10' (spec doc 2 §2: hospital name sorted naturally).
 * @param a - first name
 * @param b - second name
 */
export function compareNaturally(a: string, b: string): number {
  return collator.compare(a, b);
}
