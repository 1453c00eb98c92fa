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
