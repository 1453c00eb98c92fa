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
  it('updates every record of the same person (linked records at several hospitals)', () => {
    const a = patient('a', 'Me', 'Nimal', ['a', 'b']);
    const b = patient('b', 'Me', 'Nimal', ['b', 'a']);
    expect(updateTargetIds(b, { a, b })).toEqual(['b', 'a']);
  });

  it('never updates another person who shares the label, even with the same given name', () => {
    const a = patient('a', 'Sister', 'Nimali', ['a']);
    const b = patient('b', 'Sister', 'Anne', ['b']);
    const c = patient('c', 'Sister', 'Nimali', ['c']);
    expect(updateTargetIds(a, { a, b, c })).toEqual(['a']);
    const mother = patient('m', 'Mother', 'Kamala', ['m']);
    const secondMother = patient('n', 'Mother', 'Sita', ['n']);
    expect(updateTargetIds(secondMother, { m: mother, n: secondMother })).toEqual(['n']);
  });

  it('updates an unclassified profile alone', () => {
    const a = patient('a', null, 'Nimali', ['a']);
    expect(updateTargetIds(a, { a })).toEqual(['a']);
  });
});
