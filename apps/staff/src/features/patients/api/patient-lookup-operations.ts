import { graphql, type ResultOf } from '@careline/contract/graphql';

// The audited patient lookup, typed from schema.graphql (gql.tada).

export const staffPatientLookupQuery = graphql(`
  query staffPatientLookup($organizationId: ID!, $mobileNo: String!) {
    staffPatientLookup(organizationId: $organizationId, mobileNo: $mobileNo) {
      id prefix givenName familyName gender birthDate relationship mobileNo hospitalId
    }
  }
`);

export type StaffPatient = ResultOf<typeof staffPatientLookupQuery>['staffPatientLookup'][number];

/**
 * The desk registering a walk-in (issue 29 §10): every profile of the number in the hospital group,
 * by name, each with whether this hospital has a record of it yet (desk roles only; audited).
 */
export const staffWalkInPatientLookupQuery = graphql(`
  query staffWalkInPatientLookup($organizationId: ID!, $mobileNo: String!) {
    staffWalkInPatientLookup(organizationId: $organizationId, mobileNo: $mobileNo) {
      id prefix givenName familyName knownHere
    }
  }
`);

export type StaffDeskPatient = ResultOf<typeof staffWalkInPatientLookupQuery>['staffWalkInPatientLookup'][number];
