/**
 * The back query parameter as a path inside the app, or null (spec doc 1 §2 Add or Update Profile:
 * "Back goes to /profiles, or to the path in the back query parameter"). Only same-origin paths are
 * followed, so a crafted link cannot send the user to another site.
 * @param value - the raw back parameter
 */
export function safeBackPath(value: string | null): string | null {
  if (value === null || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return null;
  }
  return value;
}

/**
 * Set on the registration form's address by the relationship modal (issue 29 §1.5): the form goes back
 * with the profile it created, for the modal to choose.
 */
export const CHOOSE_CREATED_PARAM = 'chooseCreated';

/** The profile the registration form just created, on the back path it returns to. */
export const CREATED_PATIENT_PARAM = 'createdPatientId';

/**
 * The back path with the created profile's id on it (any earlier one replaced).
 * @param backPath - a path from safeBackPath
 * @param patientId - the id the server answered createPatient with
 */
export function backWithCreatedPatient(backPath: string, patientId: string): string {
  const url = new URL(backPath, 'http://app.invalid');
  url.searchParams.set(CREATED_PATIENT_PARAM, patientId);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The path and search without the created profile's id (once the relationship modal has used it).
 * @param pathname - location.pathname
 * @param search - location.search
 */
export function withoutCreatedPatient(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete(CREATED_PATIENT_PARAM);
  const rest = params.toString();
  return rest === '' ? pathname : `${pathname}?${rest}`;
}
