/** Profile mutations (spec doc 1 §7 'Sign-in and profile'; docs/api-contract.md), typed from schema.graphql. */
import { graphql } from '../../../lib/graphql/lazy-graphql.ts';

export const createPatientMutation = graphql(`
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
`);

export const patchPatientMutation = graphql(`
  mutation patchPatient($patientId: ID!, $patches: [PatientPatchInput!]!) {
    patchPatient(patientId: $patientId, patches: $patches) {
      id
    }
  }
`);
