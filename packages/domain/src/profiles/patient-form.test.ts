import { describe, expect, it } from 'vitest';
import {
  type PatientForm,
  composeDateOfBirth,
  genderForPrefix,
  genderForRelationship,
  isPatientFormValid,
  prefixFitsGender,
  profileSaveBlock,
  sanitiseDobInput,
  splitDateOfBirth,
} from './patient-form.ts';
import { validatePatientForm } from './patient-form-schema.ts';

// Local-time "now": 15 June 2024, so the current year is 2024.
const now = new Date(2024, 5, 15, 10, 30);

const valid: PatientForm = {
  prefix: 'Mrs',
  givenName: 'Nimali',
  familyName: 'Perera',
  gender: 'female',
  day: '7',
  month: '5',
  year: '1990',
  relationship: 'Me',
};

function errorsFor(change: Partial<PatientForm>): Record<string, string> {
  return validatePatientForm({ ...valid, ...change }, now);
}

// spec doc 1 §5 'Patient registration'.
describe('validatePatientForm', () => {
  it('accepts a complete form', () => {
    expect(validatePatientForm(valid, now)).toEqual({});
    expect(isPatientFormValid(validatePatientForm(valid, now))).toBe(true);
  });

  it.each<[string, Partial<PatientForm>, string, string]>([
    ['no prefix', { prefix: '' }, 'prefix', 'Please select your name prefix (Mr, Ms?)'],
    ['unknown prefix', { prefix: 'Dr' }, 'prefix', 'Please select your name prefix (Mr, Ms?)'],
    ['male with Mrs', { prefix: 'Mrs', gender: 'male' }, 'prefix', 'invalid prefix match gender'],
    ['male with Miss', { prefix: 'Miss', gender: 'male' }, 'prefix', 'invalid prefix match gender'],
    ['female with Mr', { prefix: 'Mr', gender: 'female' }, 'prefix', 'invalid prefix match gender'],
    ['no given name', { givenName: '' }, 'givenName', 'We need your given name!'],
    ['blank given name', { givenName: '   ' }, 'givenName', 'We need your given name!'],
    ['no family name', { familyName: '' }, 'familyName', 'We need your family name!'],
    ['no gender', { gender: '' }, 'gender', 'We need your gender!'],
    ['unknown gender', { gender: 'f' }, 'gender', 'We need your gender!'],
    ['day empty', { day: '' }, 'day', 'Your date of birth, date should be valid'],
    ['day 0', { day: '0' }, 'day', 'Your date of birth, date should be valid'],
    ['day 32', { day: '32' }, 'day', 'Your date of birth, date should be valid'],
    ['day not a number', { day: '1a' }, 'day', 'Your date of birth, date should be valid'],
    ['month empty', { month: '' }, 'month', 'Your date of birth, month should be valid'],
    ['month 0', { month: '0' }, 'month', 'Your date of birth, month should be valid'],
    ['month 13', { month: '13' }, 'month', 'Your date of birth, month should be valid'],
    ['year empty', { year: '' }, 'year', 'Your date of birth, year should be valid'],
    ['year 1900', { year: '1900' }, 'year', 'Your date of birth, year should be valid'],
    ['year next year', { year: '2025' }, 'year', 'Your date of birth, year should be valid'],
    ['year 2 digits', { year: '90' }, 'year', 'Your date of birth, year should be valid'],
    ['no relationship', { relationship: '' }, 'relationship', 'Select the relationship'],
    // Beyond the spec's ranges: dates no one can be born on.
    ['31 February', { day: '31', month: '2' }, 'dateOfBirth', 'Your date of birth, date should be valid'],
    ['29 February 2023', { day: '29', month: '2', year: '2023' }, 'dateOfBirth', 'Your date of birth, date should be valid'],
    ['tomorrow', { day: '16', month: '6', year: '2024' }, 'dateOfBirth', 'Your date of birth, date should be valid'],
  ])('%s → %s: %s', (_name, change, field, message) => {
    expect(errorsFor(change)).toEqual({ [field]: message });
  });

  it.each<[string, Partial<PatientForm>]>([
    ['day 1', { day: '1' }],
    ['day 31', { day: '31', month: '1' }],
    ['day 01', { day: '01' }],
    ['month 1', { month: '1' }],
    ['month 12', { month: '12' }],
    ['year 1901', { year: '1901' }],
    ['year current', { year: '2024', month: '1' }],
    ['today', { day: '15', month: '6', year: '2024' }],
    ['29 February 2024', { day: '29', month: '2', year: '2024' }],
    ['male with Mr', { prefix: 'Mr', gender: 'male' }],
    ['male with Ms (not named by the spec)', { prefix: 'Ms', gender: 'male' }],
    ['female with Miss', { prefix: 'Miss', gender: 'female' }],
    ['other with Mrs', { prefix: 'Mrs', gender: 'other' }],
    ['Baby Of', { prefix: 'Baby Of', gender: 'male' }],
  ])('accepts %s', (_name, change) => {
    expect(errorsFor(change)).toEqual({});
  });

  it('reports every field of an empty form', () => {
    const empty: PatientForm = {
      prefix: '',
      givenName: '',
      familyName: '',
      gender: '',
      day: '',
      month: '',
      year: '',
      relationship: '',
    };
    expect(validatePatientForm(empty, now)).toEqual({
      prefix: 'Please select your name prefix (Mr, Ms?)',
      givenName: 'We need your given name!',
      familyName: 'We need your family name!',
      gender: 'We need your gender!',
      day: 'Your date of birth, date should be valid',
      month: 'Your date of birth, month should be valid',
      year: 'Your date of birth, year should be valid',
      relationship: 'Select the relationship',
    });
  });
});

// spec doc 1 §5: Miss, Mrs, Mother or Wife set gender female; Mr, Father, Husband set male.
describe('gender from prefix and relationship', () => {
  it.each([
    ['Miss', 'female'],
    ['Mrs', 'female'],
    ['Mr', 'male'],
    ['Ms', null],
    ['Baby', null],
    ['Baby Of', null],
    ['', null],
  ])('genderForPrefix(%j) → %s', (prefix, gender) => {
    expect(genderForPrefix(prefix)).toBe(gender);
  });

  it.each([
    ['Mother', 'female'],
    ['Wife', 'female'],
    ['Father', 'male'],
    ['Husband', 'male'],
    // Our extension of the spec.
    ['Daughter', 'female'],
    ['Sister', 'female'],
    ['Son', 'male'],
    ['Brother', 'male'],
    ['Me', null],
    ['Friend', null],
    ['Other', null],
  ])('genderForRelationship(%j) → %s', (relationship, gender) => {
    expect(genderForRelationship(relationship)).toBe(gender);
  });

  it.each([
    ['Mrs', 'male', false],
    ['Miss', 'male', false],
    ['Mr', 'female', false],
    ['Mr', 'male', true],
    ['Mrs', 'female', true],
    ['Ms', 'female', true],
    ['Baby', 'male', true],
    ['Mr', 'other', true],
    ['Mr', '', true],
  ])('prefixFitsGender(%j, %j) → %s', (prefix, gender, fits) => {
    expect(prefixFitsGender(prefix, gender)).toBe(fits);
  });
});

// spec doc 1 §5: digits only; day and month at most 2 characters and the year at most 4;
// composed with zero padding and stored as YYYY-MM-DD.
describe('date of birth fields', () => {
  it.each([
    ['12', 'day', '12'],
    ['123', 'day', '12'],
    ['1a', 'day', '1'],
    ['-5', 'month', '5'],
    ['1.2', 'month', '12'],
    ['19901', 'year', '1990'],
    ['19 90', 'year', '1990'],
    ['abc', 'year', ''],
  ] as const)('sanitiseDobInput(%j, %s) → %j', (value, part, clean) => {
    expect(sanitiseDobInput(value, part)).toBe(clean);
  });

  it.each([
    ['7', '5', '1990', '1990-05-07'],
    ['07', '05', '1990', '1990-05-07'],
    ['31', '12', '2024', '2024-12-31'],
    ['', '5', '1990', ''],
    ['7', '', '1990', ''],
    ['7', '5', '', ''],
  ])('composeDateOfBirth(%j, %j, %j) → %j', (day, month, year, composed) => {
    expect(composeDateOfBirth(day, month, year)).toBe(composed);
  });

  it.each([
    ['1990-05-07', { day: '07', month: '05', year: '1990' }],
    ['2024-12-31', { day: '31', month: '12', year: '2024' }],
    ['', { day: '', month: '', year: '' }],
    [null, { day: '', month: '', year: '' }],
    ['1990-5-7', { day: '', month: '', year: '' }],
    ['1990-05-07T00:00:00Z', { day: '', month: '', year: '' }],
  ])('splitDateOfBirth(%j) → %o', (stored, parts) => {
    expect(splitDateOfBirth(stored)).toEqual(parts);
  });

  it('round-trips', () => {
    const { day, month, year } = splitDateOfBirth('1985-01-09');
    expect(composeDateOfBirth(day, month, year)).toBe('1985-01-09');
  });
});

// spec doc 1 §5: "The relationship must be selected, otherwise submit is disabled ... Submit is also
// disabled while the request is loading." One rule for the form page and the chat's form (issue 29 §12).
describe('profileSaveBlock', () => {
  it.each([
    ['new, no relationship', { relationship: '', saving: false, update: false, changed: false }, 'relationship'],
    ['new, blank relationship', { relationship: '  ', saving: false, update: false, changed: false }, 'relationship'],
    ['new, Me', { relationship: 'Me', saving: false, update: false, changed: false }, null],
    ['new, Mother, saving', { relationship: 'Mother', saving: true, update: false, changed: false }, 'saving'],
    ['update, nothing changed', { relationship: 'Me', saving: false, update: true, changed: false }, 'unchanged'],
    ['update, changed', { relationship: 'Me', saving: false, update: true, changed: true }, null],
    ['update, relationship cleared', { relationship: '', saving: false, update: true, changed: true }, 'relationship'],
  ] as const)('%s', (_case, form, block) => {
    expect(profileSaveBlock(form)).toBe(block);
  });
});
