import { graphql, type ResultOf, type VariablesOf } from '@careline/contract/graphql';

// The console's sign-in operations, typed from schema.graphql (gql.tada).

export const staffMeQuery = graphql(`
  query staffMe {
    staffMe {
      id
      email
      displayName
      mustChangePassword
      disabled
      memberships { organizationId organizationName role practitionerId allowedActions }
    }
  }
`);

/** The signed-in staff member, as the console holds them. */
export type StaffUser = ResultOf<typeof staffMeQuery>['staffMe'];
export type StaffMembership = StaffUser['memberships'][number];

export const staffSignInMutation = graphql(`
  mutation staffSignIn($email: String!, $password: String!) {
    staffSignIn(email: $email, password: $password) {
      token
      staff {
        id
        email
        displayName
        mustChangePassword
        disabled
        memberships { organizationId organizationName role practitionerId allowedActions }
      }
    }
  }
`);
export type StaffSignInVariables = VariablesOf<typeof staffSignInMutation>;

export const staffChangePasswordMutation = graphql(`
  mutation staffChangePassword($currentPassword: String!, $newPassword: String!) {
    staffChangePassword(currentPassword: $currentPassword, newPassword: $newPassword) {
      id
      email
      displayName
      mustChangePassword
      disabled
      memberships { organizationId organizationName role practitionerId allowedActions }
    }
  }
`);

export const staffSignOutMutation = graphql(`
  mutation staffSignOut {
    staffSignOut
  }
`);

// Live: the member's own account after an admin changed it (over graphql-ws, with the staff token).
export const staffAccountChangedSubscription = graphql(`
  subscription staffAccountChanged {
    staffAccountChanged {
      id
      email
      displayName
      mustChangePassword
      disabled
      memberships { organizationId organizationName role practitionerId allowedActions }
    }
  }
`);
