import type { ClientPatient } from '@careline/domain/profiles';
import { describe, expect, it } from 'vitest';
import { updateTargetIds } from './update-targets.ts';

function patient(id: string, relationship: string | null, givenName: string, same: string[]): ClientPatient {
  return {
    id,
    displayName: givenName,
    familyName: 'Perera',
    givenName,
    prefix: 'Ms',
    age: '',
    gender: 'female',
    relationship,
    dateOfBirth: '',
    dob: { date: '', month: '', year: '' },
    hospitalId: null,
    sameRelationshipIds: same,
    addressLineOne: '',
    addressLineTwo: '',
    addressLineThree: '',
    addressCity: '',
    mobileNo: '',
  };
}

describe('updateTargetIds (spec doc 1 §7 one update per profile sharing the relationship)', () => {
  it('updates every record of a one-person relationship', () => {
    const a = patient('a', 'Mother', 'Kamala', ['a', 'b']);
    const b = patient('b', 'Mother', 'Kamala', ['a', 'b']);
    expect(updateTargetIds(b, { a, b })).toEqual(['b', 'a']);
  });

  it('updates only the same person among multiple-roles relationships', () => {
    const a = patient('a', 'Sister', 'Nimali', ['a', 'b', 'c']);
    const b = patient('b', 'Sister', 'Anne', ['a', 'b', 'c']);
    const c = patient('c', 'Sister', 'Nimali', ['a', 'b', 'c']);
    expect(updateTargetIds(a, { a, b, c })).toEqual(['a', 'c']);
  });

  it('updates an unclassified profile alone', () => {
    const a = patient('a', null, 'Nimali', ['a']);
    expect(updateTargetIds(a, { a })).toEqual(['a']);
  });
});
