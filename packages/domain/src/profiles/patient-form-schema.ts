/**
 * The Add or Update Profile form as a zod schema (spec doc 1 §5 'Patient registration'), the one rule
 * for the form and for createPatient/patchPatient on the server (issue 7 §5). Kept apart from
 * ./patient-form.ts so only the screens that validate the form carry zod, not the first screen
 * (guarded by apps/web/build/first-screen-imports.test.ts).
 */
import { z } from 'zod';
import {
  MIN_BIRTH_YEAR_EXCLUSIVE,
  PATIENT_NAME_MAX_LENGTH,
  type PatientForm,
  type PatientFormErrors,
  patientFormTexts,
  prefixFitsGender,
} from './patient-form.ts';
import { genders, namePrefixes } from './values.ts';

/** A whole number typed in at most maxDigits digits, in [min, max]; else the field's message. */
function wholeNumberField(maxDigits: number, min: number, max: number, message: string) {
  return z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{1,${maxDigits}}$`), message)
    .transform((value) => Number.parseInt(value, 10))
    .pipe(z.number().min(min, message).max(max, message));
}

function nameField(required: string) {
  return z
    .string()
    .trim()
    .min(1, required)
    .max(PATIENT_NAME_MAX_LENGTH, patientFormTexts.nameLength);
}

/**
 * The Add or Update Profile form as a zod schema (spec doc 1 §5), the one rule for the form and for
 * createPatient/patchPatient on the server. Every field is checked at once, each failing with the
 * spec's message under its own key. A prefix that contradicts the gender is reported on prefix.
 * Beyond the spec's per-field ranges, a day the month does not have (31 February) or a date after
 * today is reported on dateOfBirth with the day message, since no one can be born then.
 * @param now - the current time; its local calendar date is "today"
 */
export function patientFormInput(now: Date) {
  // Built once per calendar day: the rules only change with "today", and a form validates on each key.
  const day = `${now.getFullYear()}-${now.getMonth()}-${now.getDate()}`;
  const cached = formSchemas.get(day);
  if (cached) {
    return cached;
  }
  const schema = buildPatientFormInput(now);
  formSchemas.clear();
  formSchemas.set(day, schema);
  return schema;
}

const formSchemas = new Map<string, ReturnType<typeof buildPatientFormInput>>();

function buildPatientFormInput(now: Date) {
  return z
    .object({
      prefix: z.enum(namePrefixes, { error: patientFormTexts.prefix }),
      givenName: nameField(patientFormTexts.givenName),
      familyName: nameField(patientFormTexts.familyName),
      gender: z.enum(genders, { error: patientFormTexts.gender }),
      day: wholeNumberField(2, 1, 31, patientFormTexts.day),
      month: wholeNumberField(2, 1, 12, patientFormTexts.month),
      year: wholeNumberField(
        4,
        MIN_BIRTH_YEAR_EXCLUSIVE + 1,
        now.getFullYear(),
        patientFormTexts.year,
      ),
      relationship: z.string().trim().min(1, patientFormTexts.relationship),
    })
    .superRefine(
      (form, ctx) => {
        // Also runs when other fields failed (`when` below), so each value may still be raw input.
        const prefix: unknown = form.prefix;
        const gender: unknown = form.gender;
        if (
          typeof prefix === 'string' &&
          typeof gender === 'string' &&
          (namePrefixes as readonly string[]).includes(prefix) &&
          (genders as readonly string[]).includes(gender) &&
          !prefixFitsGender(prefix, gender)
        ) {
          ctx.addIssue({
            code: 'custom',
            path: ['prefix'],
            message: patientFormTexts.prefixGender,
          });
        }
        const { day, month, year } = form as { day: unknown; month: unknown; year: unknown };
        if (typeof day !== 'number' || typeof month !== 'number' || typeof year !== 'number') {
          return;
        }
        const inRange =
          day >= 1 &&
          day <= 31 &&
          month >= 1 &&
          month <= 12 &&
          year > MIN_BIRTH_YEAR_EXCLUSIVE &&
          year <= now.getFullYear();
        if (!inRange) {
          return;
        }
        const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
        const born = Date.UTC(year, month - 1, day);
        const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
        if (day > daysInMonth || born > today) {
          ctx.addIssue({ code: 'custom', path: ['dateOfBirth'], message: patientFormTexts.day });
        }
      },
      { when: (payload) => typeof payload.value === 'object' && payload.value !== null },
    );
}

/**
 * The form's errors by field, with the spec's messages (spec doc 1 §5); {} when valid: the first
 * message patientFormInput gives for each field.
 * @param form - the form values as typed
 * @param now - the current time; its local calendar date is "today"
 */
export function validatePatientForm(form: PatientForm, now: Date): PatientFormErrors {
  const result = patientFormInput(now).safeParse(form);
  const errors: PatientFormErrors = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path[0] as keyof PatientFormErrors | undefined;
    if (key !== undefined && errors[key] === undefined) {
      errors[key] = issue.message;
    }
  }
  return errors;
}
