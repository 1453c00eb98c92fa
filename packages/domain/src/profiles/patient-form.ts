/**
 * The Add or Update Profile form's rules (spec doc 1 §5 'Patient registration'): texts, limits and
 * the plain helpers. Free of zod on purpose: the patient app's first screen reaches this module
 * (patient-mapping.ts uses the date helpers), and a module's code goes into the chunk of every screen
 * that reaches it. The zod schema (patientFormInput, validatePatientForm) is in ./patient-form-schema.ts.
 */

export type PatientForm = {
  prefix: string;
  givenName: string;
  familyName: string;
  gender: string;
  day: string;
  month: string;
  year: string;
  relationship: string;
};

export type PatientFormErrors = Partial<Record<keyof PatientForm | 'dateOfBirth', string>>;

/**
 * The form's messages (spec doc 1 §5). The spec writes the month and year messages as
 * '... month should be valid' and '... year should be valid'; we read the '...' as the start of
 * the day message, 'Your date of birth,', which it abbreviates.
 */
export const patientFormTexts = {
  prefix: 'Please select your name prefix (Mr, Ms?)',
  prefixGender: 'invalid prefix match gender',
  givenName: 'We need your given name!',
  familyName: 'We need your family name!',
  gender: 'We need your gender!',
  day: 'Your date of birth, date should be valid',
  month: 'Your date of birth, month should be valid',
  year: 'Your date of birth, year should be valid',
  relationship: 'Select the relationship',
  /** Not in the spec: the longest name the server stores (issue 6 §4.7: checked as the user types). */
  nameLength: 'Names may have at most 100 characters',
} as const;

/** The longest given or family name (issue 6 §4.7); patientFormTexts.nameLength says it. */
export const PATIENT_NAME_MAX_LENGTH = 100;

/** Birth year must be above 1900 (spec doc 1 §5, §9). */
export const MIN_BIRTH_YEAR_EXCLUSIVE = 1900;

const dobMaxLength = { day: 2, month: 2, year: 4 } as const;

/** Why the form's Save (or Update) is disabled, or null when it may be pressed. */
export type ProfileSaveBlock = 'relationship' | 'saving' | 'unchanged';

/**
 * Whether Save may be pressed (spec doc 1 §5: "The relationship must be selected, otherwise submit
 * is disabled, and a blinking prompt reads 'Select the relationship'. Submit is also disabled while
 * the request is loading"); an update also waits for a change. Wherever the form is shown (the form
 * page, the chat's registration step), this one rule decides; 'relationship' shows the prompt.
 * @param form - the relationship chosen ('' for none), whether it is saving, and for an update whether anything changed
 */
export function profileSaveBlock(form: { relationship: string; saving: boolean; update: boolean; changed: boolean }): ProfileSaveBlock | null {
  if (form.saving) {
    return 'saving';
  }
  if (form.relationship.trim() === '') {
    return 'relationship';
  }
  return form.update && !form.changed ? 'unchanged' : null;
}

/**
 * The gender a prefix implies: Miss, Mrs → female; Mr → male; others none (spec doc 1 §5).
 * @param prefix - a name prefix
 */
export function genderForPrefix(prefix: string): 'female' | 'male' | null {
  if (prefix === 'Miss' || prefix === 'Mrs') {
    return 'female';
  }
  return prefix === 'Mr' ? 'male' : null;
}

/**
 * The gender a relationship implies (spec doc 1 §5: Mother, Wife → female; Father, Husband → male).
 * We extend the spec with Daughter, Sister → female and Son, Brother → male, which cannot be otherwise.
 * @param relationship - a relationship choice
 */
export function genderForRelationship(relationship: string): 'female' | 'male' | null {
  switch (relationship) {
    case 'Mother':
    case 'Wife':
    case 'Daughter':
    case 'Sister':
      return 'female';
    case 'Father':
    case 'Husband':
    case 'Son':
    case 'Brother':
      return 'male';
    default:
      return null;
  }
}

/**
 * False for male with Mrs or Miss, or female with Mr (spec doc 1 §5); true otherwise.
 * @param prefix - the name prefix
 * @param gender - the gender
 */
export function prefixFitsGender(prefix: string, gender: string): boolean {
  if (gender === 'male') {
    return prefix !== 'Mrs' && prefix !== 'Miss';
  }
  if (gender === 'female') {
    return prefix !== 'Mr';
  }
  return true;
}

/**
 * A date of birth field as typed, kept to digits and cut to 2, 2 or 4 characters (spec doc 1 §5).
 * @param value - the raw input
 * @param part - which field
 */
export function sanitiseDobInput(value: string, part: 'day' | 'month' | 'year'): string {
  return value.replace(/\D/g, '').slice(0, dobMaxLength[part]);
}

/**
 * The stored date of birth, YYYY-MM-DD with zero padding (spec doc 1 §5); '' when a part is empty.
 * @param day - day as typed
 * @param month - month as typed
 * @param year - year as typed
 */
export function composeDateOfBirth(day: string, month: string, year: string): string {
  const [d, m, y] = [day.trim(), month.trim(), year.trim()];
  if (d === '' || m === '' || y === '') {
    return '';
  }
  return `${y.padStart(4, '0')}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
}

/**
 * The form's day, month and year of a stored YYYY-MM-DD date; all '' when it is not one.
 * @param dateOfBirth - e.g. '1990-05-07' → { day: '07', month: '05', year: '1990' }
 */
export function splitDateOfBirth(dateOfBirth: string | null | undefined): {
  day: string;
  month: string;
  year: string;
} {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth ?? '');
  if (!match) {
    return { day: '', month: '', year: '' };
  }
  return { day: match[3] ?? '', month: match[2] ?? '', year: match[1] ?? '' };
}

/**
 * Whether the form has no errors.
 * @param errors - from validatePatientForm
 */
export function isPatientFormValid(errors: PatientFormErrors): boolean {
  return Object.keys(errors).length === 0;
}
