/** Profile mutations (spec doc 1 §7 'Sign-in and profile'; docs/api-contract.md). */
import type { CreatePatientArgs, PatientPatch } from '@careline/domain/profiles';

export const createPatientMutation = /* GraphQL */ `
  mutation createPatient(
    $hospitalId: ID
    $name: HumanNameInput!
    $birthDate: String!
    $gender: String!
    $extension: [ExtensionInput!]
    $link: [ID!]
    $idempotencyKey: String
  ) {
    createPatient(
      hospitalId: $hospitalId
      name: $name
      birthDate: $birthDate
      gender: $gender
      extension: $extension
      link: $link
      idempotencyKey: $idempotencyKey
    ) {
      id
      birthDate
      gender
      name {
        prefix
        given
        family
      }
      extension {
        valueId
        value
      }
    }
  }
`;

export type CreatePatientData = { createPatient: { id: string } };
/** idempotencyKey: one per submit, reused when the same submit is retried (docs/api-contract.md). */
export type CreatePatientVariables = CreatePatientArgs & { hospitalId: string | null; idempotencyKey: string };

export const patchPatientMutation = /* GraphQL */ `
  mutation patchPatient($patientId: ID!, $patches: [PatientPatchInput!]!) {
    patchPatient(patientId: $patientId, patches: $patches) {
      id
    }
  }
`;

export type PatchPatientData = { patchPatient: { id: string } };
export type PatchPatientVariables = { patientId: string; patches: PatientPatch[] };
