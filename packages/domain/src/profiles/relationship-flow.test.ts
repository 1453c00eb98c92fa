import { describe, expect, it } from 'vitest';
import {
  defaultRelationshipView,
  relationshipFlowStates,
  relationshipModalHeading,
  relationshipOptions,
  unclassifiedPatients,
  unclassifiedPrompt,
} from './relationship-flow.ts';
import { clientPatient } from './test-factories.ts';

// spec doc 1 §4 'Relationship classification flow states'.
it('lists the flow states in the spec order', () => {
  expect(relationshipFlowStates).toEqual([
    'SHOW-RELATIONSHIP',
    'FOUND-UNCLASSIFIED-PATIENTS',
    'PATIENT-NOT-FOUND',
    'PATIENT-FOUND',
    'PATIENT-UPDATE',
    'PATIENT-REGISTRATION',
  ]);
});

// spec doc 1 §2 'Relationship-classification modal'.
describe('relationshipModalHeading', () => {
  it.each([
    [null, 'This account is for?'],
    ['', 'This account is for?'],
    ['Mrs Nimali Perera', 'Who is Mrs Nimali Perera for you?'],
  ])('%j → %j', (patient, heading) => {
    expect(relationshipModalHeading(patient)).toBe(heading);
  });
});

describe('unclassifiedPrompt', () => {
  it.each([
    // issue 6 §4.8: the spec's 'profile(s)' as the right singular or plural
    [1, undefined, 'We found 1 unclassified profile. Select your ... profile.'],
    [3, null, 'We found 3 unclassified profiles. Select your ... profile.'],
    [2, 'Mother', 'We found 2 unclassified profiles. Select your Mother profile.'],
    [1, 'Mother', 'We found 1 unclassified profile. Select your Mother profile.'],
  ])('(%i, %j) → %j', (n, relationship, prompt) => {
    expect(unclassifiedPrompt(n, relationship)).toBe(prompt);
  });
});

describe('relationshipOptions', () => {
  it('lists used relationships with names, then unused configured ones', () => {
    const sister = clientPatient({ relationship: 'Sister', displayName: 'Miss Ama Perera' });
    const me = clientPatient({ relationship: 'Me', displayName: 'Mrs Nimali Perera' });
    const sister2 = clientPatient({ relationship: 'Sister', displayName: 'Miss Dilani Perera' });
    const other = clientPatient({ relationship: 'Other', displayName: 'Mr Saman Silva' });
    const loose = clientPatient({ relationship: null });
    const options = relationshipOptions([sister, me, sister2, other, loose], ['Me', 'Father', 'Mother', 'Sister']);
    expect(options).toEqual([
      { relationship: 'Me', patientNames: ['Mrs Nimali Perera'], patientIds: [me.id] },
      {
        relationship: 'Sister',
        patientNames: ['Miss Ama Perera', 'Miss Dilani Perera'],
        patientIds: [sister.id, sister2.id],
      },
      { relationship: 'Other', patientNames: ['Mr Saman Silva'], patientIds: [other.id] },
      { relationship: 'Father', patientNames: [], patientIds: [] },
      { relationship: 'Mother', patientNames: [], patientIds: [] },
    ]);
    expect(unclassifiedPatients([sister, loose, me])).toEqual([loose]);
  });
});

// spec doc 1 §4: the current relationship view defaults to Me, else the first relationship found.
describe('defaultRelationshipView', () => {
  it.each([
    [['Father', 'Me'], 'Me'],
    [[null, 'Father', 'Mother'], 'Father'],
    [[null], null],
    [[], null],
  ])('%o → %s', (relationships, view) => {
    expect(defaultRelationshipView(relationships.map((relationship) => ({ relationship })))).toBe(view);
  });
});
