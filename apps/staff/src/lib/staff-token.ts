// The staff console keeps its own token, apart from the patient app's (a viewer is never both).
const tokenKey = 'careline.staffToken';
const hospitalKey = 'careline.staffHospital';

function store(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Blocked storage (private mode): the session lasts as long as the page.
    return null;
  }
}

let memoryToken: string | null = null;

/** The signed-in staff member's token, or null. */
export function readStaffToken(): string | null {
  return store()?.getItem(tokenKey) ?? memoryToken;
}

/**
 * Keeps the token after sign-in; null forgets it (sign-out, rejected token).
 * @param token - the token from staffSignIn
 */
export function writeStaffToken(token: string | null): void {
  memoryToken = token;
  if (token === null) {
    store()?.removeItem(tokenKey);
    store()?.removeItem(hospitalKey);
  } else {
    store()?.setItem(tokenKey, token);
  }
}

/** The hospital last chosen in the switcher. */
export function readChosenHospital(): string | null {
  return store()?.getItem(hospitalKey) ?? null;
}

/**
 * Remembers the hospital chosen in the switcher.
 * @param organizationId - the hospital
 */
export function writeChosenHospital(organizationId: string): void {
  store()?.setItem(hospitalKey, organizationId);
}
