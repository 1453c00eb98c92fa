/**
 * The Add or Update Profile form as a pure reducer (spec doc 1 §5 'Patient registration').
 * Messages show by their fields after the first submit attempt, and follow the input live after that.
 */
import {
  genderForPrefix,
  genderForRelationship,
  sanitiseDobInput,
  validatePatientForm,
  type PatientEditForm,
  type PatientFormErrors,
} from '@careline/domain/profiles';
import { uxTexts } from '../../../lib/shell/ux-texts.ts';

/** The longest given or family name the server stores (profiles.service MAX_NAME_LENGTH). */
export const MAX_NAME_LENGTH = 100;

export type ProfileFormValues = Required<PatientEditForm>;
export type ProfileFormField = keyof ProfileFormValues;

export type ProfileFormState = { values: ProfileFormValues; attempted: boolean };

export type ProfileFormAction =
  | { type: 'changed'; field: ProfileFormField; value: string }
  | { type: 'submitted' }
  | { type: 'reset'; values: ProfileFormValues };

export const emptyProfileForm: ProfileFormValues = {
  prefix: '',
  givenName: '',
  familyName: '',
  gender: '',
  day: '',
  month: '',
  year: '',
  relationship: '',
  addressLineOne: '',
  addressLineTwo: '',
  addressLineThree: '',
  addressCity: '',
};

/**
 * The first state of the form.
 * @param values - the profile's values when editing, else empty ones (optionally with a relationship)
 */
export function initialProfileForm(values: ProfileFormValues = emptyProfileForm): ProfileFormState {
  return { values, attempted: false };
}

function changed(values: ProfileFormValues, field: ProfileFormField, raw: string): ProfileFormValues {
  switch (field) {
    case 'day':
    case 'month':
    case 'year':
      // spec doc 1 §5: digits only, at most 2, 2 and 4 characters
      return { ...values, [field]: sanitiseDobInput(raw, field) };
    case 'prefix':
      // spec doc 1 §5: Miss, Mrs set female; Mr sets male
      return { ...values, prefix: raw, gender: genderForPrefix(raw) ?? values.gender };
    case 'relationship':
      // spec doc 1 §5: Mother, Wife set female; Father, Husband set male
      return { ...values, relationship: raw, gender: genderForRelationship(raw) ?? values.gender };
    case 'givenName':
    case 'familyName':
    case 'gender':
    case 'addressLineOne':
    case 'addressLineTwo':
    case 'addressLineThree':
    case 'addressCity':
      return { ...values, [field]: raw };
  }
}

/**
 * The next form state.
 * @param state - current state
 * @param action - what happened
 */
export function profileFormReducer(state: ProfileFormState, action: ProfileFormAction): ProfileFormState {
  switch (action.type) {
    case 'changed':
      return { ...state, values: changed(state.values, action.field, action.value) };
    case 'submitted':
      return { ...state, attempted: true };
    case 'reset':
      return initialProfileForm(action.values);
  }
}

/**
 * The messages to show by field: none before a submit attempt (spec doc 1 §5).
 * @param state - current state
 * @param now - the current time, for the birth year rule
 */
export function visibleFormErrors(state: ProfileFormState, now: Date): PatientFormErrors {
  // issue 6 §4.7: a name too long shows as the user types, not only after Save.
  return state.attempted ? profileFormErrors(state.values, now) : nameLengthErrors(state.values);
}

/**
 * Names longer than the server accepts, by field.
 * @param values - the form's values
 */
export function nameLengthErrors(values: ProfileFormValues): PatientFormErrors {
  const errors: PatientFormErrors = {};
  if (values.givenName.length > MAX_NAME_LENGTH) {
    errors.givenName = uxTexts.nameTooLong(MAX_NAME_LENGTH);
  }
  if (values.familyName.length > MAX_NAME_LENGTH) {
    errors.familyName = uxTexts.nameTooLong(MAX_NAME_LENGTH);
  }
  return errors;
}

/**
 * Every message of the form: the spec's rules (spec doc 1 §5), then the name length.
 * @param values - the form's values
 * @param now - the current time, for the birth year rule
 */
export function profileFormErrors(values: ProfileFormValues, now: Date): PatientFormErrors {
  return { ...validatePatientForm(values, now), ...nameLengthErrors(values) };
}
