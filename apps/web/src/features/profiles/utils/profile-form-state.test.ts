import { describe, expect, it } from 'vitest';
import {
  initialProfileForm,
  profileFormErrors,
  profileFormReducer,
  visibleFormErrors,
  type ProfileFormAction,
  type ProfileFormField,
  type ProfileFormState,
} from './profile-form-state.ts';

const now = new Date(2025, 5, 15);
const apply = (state: ProfileFormState, ...actions: ProfileFormAction[]) => actions.reduce(profileFormReducer, state);
const change = (field: ProfileFormField, value: string): ProfileFormAction => ({ type: 'changed', field, value });

describe('profile form (spec doc 1 §5 Patient registration)', () => {
  it('shows no message before a submit attempt, every message after it', () => {
    const fresh = initialProfileForm();
    expect(visibleFormErrors(fresh, now)).toEqual({});
    expect(visibleFormErrors(apply(fresh, { type: 'submitted' }), now)).toEqual({
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

  it('follows the input live after a submit attempt', () => {
    const state = apply(initialProfileForm(), { type: 'submitted' }, change('givenName', 'Nimali'));
    expect(visibleFormErrors(state, now).givenName).toBeUndefined();
  });

  it.each([
    ['Miss', 'female'],
    ['Mrs', 'female'],
    ['Mr', 'male'],
  ])('prefix %s sets gender %s', (prefix, gender) => {
    expect(apply(initialProfileForm(), change('prefix', prefix)).values.gender).toBe(gender);
  });

  it.each([
    ['Mother', 'female'],
    ['Wife', 'female'],
    ['Father', 'male'],
    ['Husband', 'male'],
  ])('relationship %s sets gender %s', (relationship, gender) => {
    expect(apply(initialProfileForm(), change('relationship', relationship)).values.gender).toBe(gender);
  });

  it('keeps a chosen gender for prefixes and relationships that imply none', () => {
    const state = apply(initialProfileForm(), change('gender', 'other'), change('prefix', 'Baby'), change('relationship', 'Friend'));
    expect(state.values.gender).toBe('other');
  });

  it('reports a prefix that contradicts the gender', () => {
    const state = apply(initialProfileForm(), change('prefix', 'Mr'), change('gender', 'female'), { type: 'submitted' });
    expect(visibleFormErrors(state, now).prefix).toBe('invalid prefix match gender');
  });

  it('keeps date of birth fields to digits and 2/2/4 characters', () => {
    const state = apply(initialProfileForm(), change('day', '1a23'), change('month', '0x5'), change('year', '19901'));
    expect(state.values).toMatchObject({ day: '12', month: '05', year: '1990' });
  });
});

// issue 6 §4.7: a name over 100 characters is refused as the user types, by its field.
describe('profile form name length', () => {
  const long = 'A'.repeat(101);

  it('shows the length message before any submit attempt', () => {
    const typed = apply(initialProfileForm(), change('givenName', long), change('familyName', 'B'.repeat(100)));
    expect(visibleFormErrors(typed, now)).toEqual({ givenName: 'Names may have at most 100 characters' });
  });

  it('counts among the errors that block Save', () => {
    const typed = apply(initialProfileForm(), change('familyName', long));
    expect(profileFormErrors(typed.values, now).familyName).toBe('Names may have at most 100 characters');
    expect(visibleFormErrors(apply(typed, { type: 'submitted' }), now).familyName).toBe('Names may have at most 100 characters');
  });
});
