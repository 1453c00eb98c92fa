/** The Add or Update Profile form's rules (spec doc 1 §5 'Patient registration'). */
import { genders, namePrefixes } from './values.ts';

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
} as const;

/** Birth year must be above 1900 (spec doc 1 §5, §9). */
export const MIN_BIRTH_YEAR_EXCLUSIVE = 1900;

const dobMaxLength = { day: 2, month: 2, year: 4 } as const;

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
export function splitDateOfBirth(dateOfBirth: string | null | undefined): { day: string; month: string; year: string } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(dateOfBirth ?? '');
  if (!match) {
    return { day: '', month: '', year: '' };
  }
  return { day: match[3] ?? '', month: match[2] ?? '', year: match[1] ?? '' };
}

function wholeNumber(value: string, maxDigits: number): number | null {
  const trimmed = value.trim();
  return new RegExp(`^\\d{1,${maxDigits}}$`).test(trimmed) ? Number.parseInt(trimmed, 10) : null;
}

/**
 * The form's errors by field, with the spec's messages (spec doc 1 §5); {} when valid.
 * A prefix that contradicts the gender is reported on prefix. Beyond the spec's per-field ranges, a
 * day the month does not have (31 February) or a date after today is reported on dateOfBirth with
 * the day message, since no one can be born then.
 * @param form - the form values as typed
 * @param now - the current time; its local calendar date is "today"
 */
export function validatePatientForm(form: PatientForm, now: Date): PatientFormErrors {
  const errors: PatientFormErrors = {};
  const prefixKnown = (namePrefixes as readonly string[]).includes(form.prefix);
  const genderKnown = (genders as readonly string[]).includes(form.gender);
  if (!prefixKnown) {
    errors.prefix = patientFormTexts.prefix;
  } else if (genderKnown && !prefixFitsGender(form.prefix, form.gender)) {
    errors.prefix = patientFormTexts.prefixGender;
  }
  if (form.givenName.trim() === '') {
    errors.givenName = patientFormTexts.givenName;
  }
  if (form.familyName.trim() === '') {
    errors.familyName = patientFormTexts.familyName;
  }
  if (!genderKnown) {
    errors.gender = patientFormTexts.gender;
  }
  const day = wholeNumber(form.day, 2);
  const month = wholeNumber(form.month, 2);
  const year = wholeNumber(form.year, 4);
  const dayOk = day !== null && day >= 1 && day <= 31;
  const monthOk = month !== null && month >= 1 && month <= 12;
  const yearOk = year !== null && year > MIN_BIRTH_YEAR_EXCLUSIVE && year <= now.getFullYear();
  if (!dayOk) {
    errors.day = patientFormTexts.day;
  }
  if (!monthOk) {
    errors.month = patientFormTexts.month;
  }
  if (!yearOk) {
    errors.year = patientFormTexts.year;
  }
  if (dayOk && monthOk && yearOk) {
    const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
    const born = Date.UTC(year, month - 1, day);
    const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
    if (day > daysInMonth || born > today) {
      errors.dateOfBirth = patientFormTexts.day;
    }
  }
  if (form.relationship.trim() === '') {
    errors.relationship = patientFormTexts.relationship;
  }
  return errors;
}

/**
 * Whether the form has no errors.
 * @param errors - from validatePatientForm
 */
export function isPatientFormValid(errors: PatientFormErrors): boolean {
  return Object.keys(errors).length === 0;
}
