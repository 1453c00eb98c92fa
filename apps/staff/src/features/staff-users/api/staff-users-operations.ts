import { graphql, type ResultOf, type VariablesOf } from '@careline/contract/graphql';

// Staff administration operations, typed from schema.graphql (gql.tada). allowedActions is the
// signed-in member's concern (staffMe), not the list's.

export const staffUsersQuery = graphql(`
  query staffUsers($organizationId: ID!) {
    staffUsers(organizationId: $organizationId) {
      id
      email
      displayName
      mustChangePassword
      disabled
      memberships { organizationId organizationName role practitionerId }
    }
  }
`);

/** A staff user as the administration list shows them. */
export type ListedStaffUser = ResultOf<typeof staffUsersQuery>['staffUsers'][number];

export const createStaffUserMutation = graphql(`
  mutation createStaffUser($organizationId: ID!, $input: CreateStaffUserInput!) {
    createStaffUser(organizationId: $organizationId, input: $input) {
      temporaryPassword
      user { id email }
    }
  }
`);
export type CreateStaffUserVariables = VariablesOf<typeof createStaffUserMutation>;

export const setStaffRolesMutation = graphql(`
  mutation setStaffRoles($organizationId: ID!, $staffUserId: ID!, $roles: [StaffRoleInput!]!) {
    setStaffRoles(organizationId: $organizationId, staffUserId: $staffUserId, roles: $roles) {
      id
    }
  }
`);
export type SetStaffRolesVariables = VariablesOf<typeof setStaffRolesMutation>;

// The practitioners a doctor account can be linked to. The schema has no query of one hospital's
// practitioners yet, so this lists the tenant's active ones (queryPractitioner, public) and the server
// refuses one who does not work at the hospital (checkMemberships: ARO-E2002), which the form shows
// on the picker.
export const practitionerChoicesQuery = graphql(`
  query staffPractitionerChoices {
    queryPractitioner {
      id
      name { text }
      roles { code display }
    }
  }
`);

/** A practitioner as the doctor picker lists them. */
export type PractitionerChoice = ResultOf<typeof practitionerChoicesQuery>['queryPractitioner'][number];
