// The audited patient lookup, in one place until typed operations (gql.tada) land.

export type StaffPatient = {
  id: string;
  prefix: string;
  givenName: string;
  familyName: string;
  gender: string;
  birthDate: string | null;
  relationship: string | null;
  mobileNo: string;
  hospitalId: string | null;
};

export const staffPatientLookupQuery = `query staffPatientLookup($organizationId: ID!, $mobileNo: String!) {
  staffPatientLookup(organizationId: $organizationId, mobileNo: $mobileNo) {
    id prefix givenName familyName gender birthDate relationship mobileNo hospitalId
  }
}`;
export type StaffPatientLookupResult = { staffPatientLookup: StaffPatient[] };
export type StaffPatientLookupVariables = { organizationId: string; mobileNo: string };
