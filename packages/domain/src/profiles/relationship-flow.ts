/** The relationship-classification modal (spec doc 1 §2 Relationship-classification modal, §4). */
import { type ClientPatient } from './patient-mapping.ts';
import { SELF_RELATIONSHIP } from './values.ts';

/** Relationship classification flow states (spec doc 1 §4). */
export const relationshipFlowStates = [
  'SHOW-RELATIONSHIP',
  'FOUND-UNCLASSIFIED-PATIENTS',
  'PATIENT-NOT-FOUND',
  'PATIENT-FOUND',
  'PATIENT-UPDATE',
  'PATIENT-REGISTRATION',
] as const;
export type RelationshipFlowState = (typeof relationshipFlowStates)[number];

export type RelationshipOption = {
  relationship: string;
  /** Display names of the profiles that have it; [] for an unused configured relationship. */
  patientNames: string[];
  patientIds: string[];
};

/**
 * The modal heading: 'This account is for?' or 'Who is {patient} for you?' (spec doc 1 §2).
 * @param patientName - the profile being classified, or null when choosing whom the account is for
 */
export function relationshipModalHeading(patientName: string | null | undefined): string {
  const name = patientName?.trim() ?? '';
  return name === '' ? 'This account is for?' : `Who is ${name} for you?`;
}

/**
 * The unclassified-profiles prompt (spec doc 1 §2): 'We found N unclassified profile(s). Select your
 * ... profile.' The spec's '(s)' stands for the plural: 1 reads 'profile', any other number 'profiles'
 * (issue 6 §4.8); the rest is the spec's wording. We read '...' as the place of the relationship being
 * chosen ('Select your Mother profile.'); without one the '...' stays as written.
 * @param n - the number of unclassified profiles
 * @param relationship - the relationship the user is classifying for, if known
 */
export function unclassifiedPrompt(n: number, relationship?: string | null): string {
  const rel = relationship?.trim() ?? '';
  const profiles = n === 1 ? 'profile' : 'profiles';
  return `We found ${n} unclassified ${profiles}. Select your ${rel === '' ? '...' : rel} profile.`;
}

/**
 * The modal's choices: relationships in use with their profiles' names (configured order first,
 * then others as first seen), then the configured relationships no profile uses (spec doc 1 §2).
 * @param patients - the account's profiles
 * @param configured - the tenant's configured relationships
 */
export function relationshipOptions(patients: ClientPatient[], configured: string[]): RelationshipOption[] {
  const used: string[] = [];
  for (const relationship of configured) {
    if (patients.some((patient) => patient.relationship === relationship)) {
      used.push(relationship);
    }
  }
  for (const patient of patients) {
    if (patient.relationship !== null && !used.includes(patient.relationship)) {
      used.push(patient.relationship);
    }
  }
  const existing = used.map((relationship) => {
    const holders = patients.filter((patient) => patient.relationship === relationship);
    return {
      relationship,
      patientNames: holders.map((patient) => patient.displayName),
      patientIds: holders.map((patient) => patient.id),
    };
  });
  const unused = configured
    .filter((relationship) => !used.includes(relationship))
    .map((relationship) => ({ relationship, patientNames: [], patientIds: [] }));
  return [...existing, ...unused];
}

/**
 * The profiles with no relationship, which the modal offers to classify (spec doc 1 §2).
 * @param patients - the account's profiles
 */
export function unclassifiedPatients(patients: ClientPatient[]): ClientPatient[] {
  return patients.filter((patient) => patient.relationship === null);
}

/**
 * The relationship view chosen by default: Me, else the first relationship found, else null (spec doc 1 §4).
 * @param patients - the account's profiles, in the order loaded
 */
export function defaultRelationshipView(patients: Pick<ClientPatient, 'relationship'>[]): string | null {
  if (patients.some((patient) => patient.relationship === SELF_RELATIONSHIP)) {
    return SELF_RELATIONSHIP;
  }
  return patients.find((patient) => patient.relationship !== null)?.relationship ?? null;
}
