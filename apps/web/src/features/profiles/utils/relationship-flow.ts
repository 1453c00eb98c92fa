/**
 * The relationship-classification modal's flow (spec doc 1 §2 Relationship-classification modal,
 * §4 'Relationship classification flow states') as a pure reducer.
 *
 * Two ways in: choosing whom something is for ('This account is for?'), or classifying one
 * unclassified profile ('Who is {patient} for you?').
 * - SHOW-RELATIONSHIP: the relationships are listed.
 * - A relationship is chosen: profiles that have it → PATIENT-FOUND; none, but unclassified
 *   profiles exist → FOUND-UNCLASSIFIED-PATIENTS ('We found N unclassified profile(s). Select your
 *   {relationship} profile.'); none at all → PATIENT-NOT-FOUND (offer to add a profile).
 * - An unclassified profile is picked (or, when classifying, a relationship is chosen) →
 *   PATIENT-UPDATE while its relationship is saved → PATIENT-FOUND.
 * - 'Add new profile' → PATIENT-REGISTRATION (the registration form takes over).
 */
import { unclassifiedPatients, type ClientPatient, type RelationshipFlowState } from '@careline/domain/profiles';

export type RelationshipFlow = {
  state: RelationshipFlowState;
  /** The profile being classified ('Who is {patient} for you?'), if any. */
  classifyingId: string | null;
  relationship: string | null;
  /** PATIENT-FOUND: the profiles to choose from; PATIENT-UPDATE: the one being saved. */
  patientIds: string[];
  error: string | null;
};

export type RelationshipFlowAction =
  | { type: 'opened'; classifyingId: string | null }
  | { type: 'relationshipChosen'; relationship: string; patients: ClientPatient[] }
  | { type: 'unclassifiedChosen'; patientId: string }
  | { type: 'updateSucceeded' }
  | { type: 'updateFailed'; text: string }
  | { type: 'registrationChosen' }
  | { type: 'back' };

export const initialRelationshipFlow: RelationshipFlow = {
  state: 'SHOW-RELATIONSHIP',
  classifyingId: null,
  relationship: null,
  patientIds: [],
  error: null,
};

/**
 * The next state of the modal's flow.
 * @param flow - current flow
 * @param action - what happened
 */
export function relationshipFlowReducer(flow: RelationshipFlow, action: RelationshipFlowAction): RelationshipFlow {
  switch (action.type) {
    case 'opened':
      return { ...initialRelationshipFlow, classifyingId: action.classifyingId };
    case 'relationshipChosen': {
      if (flow.classifyingId !== null) {
        return { ...flow, state: 'PATIENT-UPDATE', relationship: action.relationship, patientIds: [flow.classifyingId], error: null };
      }
      const holders = action.patients.filter((patient) => patient.relationship === action.relationship);
      if (holders.length > 0) {
        return { ...flow, state: 'PATIENT-FOUND', relationship: action.relationship, patientIds: holders.map((p) => p.id), error: null };
      }
      const unclassified = unclassifiedPatients(action.patients);
      return {
        ...flow,
        state: unclassified.length > 0 ? 'FOUND-UNCLASSIFIED-PATIENTS' : 'PATIENT-NOT-FOUND',
        relationship: action.relationship,
        patientIds: unclassified.map((p) => p.id),
        error: null,
      };
    }
    case 'unclassifiedChosen':
      return { ...flow, state: 'PATIENT-UPDATE', patientIds: [action.patientId], error: null };
    case 'updateSucceeded':
      return { ...flow, state: 'PATIENT-FOUND', error: null };
    case 'updateFailed':
      // Back to where the choice was made, with the server's text.
      return {
        ...flow,
        state: flow.classifyingId !== null ? 'SHOW-RELATIONSHIP' : 'FOUND-UNCLASSIFIED-PATIENTS',
        error: action.text,
      };
    case 'registrationChosen':
      return { ...flow, state: 'PATIENT-REGISTRATION', error: null };
    case 'back':
      return { ...initialRelationshipFlow, classifyingId: flow.classifyingId };
  }
}
