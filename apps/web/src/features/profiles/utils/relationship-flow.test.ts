import type { ClientPatient } from '@careline/domain/profiles';
import { describe, expect, it } from 'vitest';
import { initialRelationshipFlow, relationshipFlowReducer, type RelationshipFlowAction } from './relationship-flow.ts';

function patient(id: string, relationship: string | null): ClientPatient {
  return {
    id,
    displayName: `Mr ${id}`,
    familyName: 'Perera',
    givenName: id,
    prefix: 'Mr',
    age: '30 years',
    gender: 'male',
    relationship,
    dateOfBirth: '1995-01-01',
    dob: { date: '01', month: '01', year: '1995' },
    hospitalId: null,
    sameRelationshipIds: [id],
    addressLineOne: '',
    addressLineTwo: '',
    addressLineThree: '',
    addressCity: '',
    mobileNo: '',
  };
}

const run = (...actions: RelationshipFlowAction[]) => actions.reduce(relationshipFlowReducer, initialRelationshipFlow);
const me = patient('me', 'Me');
const loose = patient('loose', null);

describe('relationship classification flow (spec doc 1 §4)', () => {
  it('starts at SHOW-RELATIONSHIP', () => {
    expect(run({ type: 'opened', classifyingId: null }).state).toBe('SHOW-RELATIONSHIP');
  });

  it('a relationship with profiles → PATIENT-FOUND with them', () => {
    const flow = run({ type: 'opened', classifyingId: null }, { type: 'relationshipChosen', relationship: 'Me', patients: [me, loose] });
    expect(flow).toMatchObject({ state: 'PATIENT-FOUND', relationship: 'Me', patientIds: ['me'] });
  });

  it('a relationship without profiles, with unclassified ones → FOUND-UNCLASSIFIED-PATIENTS', () => {
    const flow = run({ type: 'opened', classifyingId: null }, { type: 'relationshipChosen', relationship: 'Mother', patients: [me, loose] });
    expect(flow).toMatchObject({ state: 'FOUND-UNCLASSIFIED-PATIENTS', relationship: 'Mother', patientIds: ['loose'] });
  });

  it('a relationship without profiles and none unclassified → PATIENT-NOT-FOUND, then PATIENT-REGISTRATION', () => {
    const notFound = run({ type: 'opened', classifyingId: null }, { type: 'relationshipChosen', relationship: 'Mother', patients: [me] });
    expect(notFound.state).toBe('PATIENT-NOT-FOUND');
    expect(relationshipFlowReducer(notFound, { type: 'registrationChosen' }).state).toBe('PATIENT-REGISTRATION');
  });

  it('picking an unclassified profile → PATIENT-UPDATE → PATIENT-FOUND', () => {
    const updating = run(
      { type: 'opened', classifyingId: null },
      { type: 'relationshipChosen', relationship: 'Mother', patients: [me, loose] },
      { type: 'unclassifiedChosen', patientId: 'loose' },
    );
    expect(updating).toMatchObject({ state: 'PATIENT-UPDATE', relationship: 'Mother', patientIds: ['loose'] });
    expect(relationshipFlowReducer(updating, { type: 'updateSucceeded' }).state).toBe('PATIENT-FOUND');
    expect(relationshipFlowReducer(updating, { type: 'updateFailed', text: 'x' })).toMatchObject({
      state: 'FOUND-UNCLASSIFIED-PATIENTS',
      error: 'x',
    });
  });

  it('classifying one profile goes straight to PATIENT-UPDATE for it', () => {
    const flow = run({ type: 'opened', classifyingId: 'loose' }, { type: 'relationshipChosen', relationship: 'Father', patients: [me, loose] });
    expect(flow).toMatchObject({ state: 'PATIENT-UPDATE', relationship: 'Father', patientIds: ['loose'] });
  });

  it('back returns to SHOW-RELATIONSHIP', () => {
    const flow = run(
      { type: 'opened', classifyingId: null },
      { type: 'relationshipChosen', relationship: 'Mother', patients: [me] },
      { type: 'back' },
    );
    expect(flow).toEqual(initialRelationshipFlow);
  });
});
