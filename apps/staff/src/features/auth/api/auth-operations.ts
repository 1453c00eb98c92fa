import type { StaffRole } from '@careline/domain/staff';

// The console's sign-in operations, in one place until typed operations (gql.tada) land.

export type StaffMembership = {
  organizationId: string;
  organizationName: string;
  role: StaffRole;
  practitionerId: string | null;
  /** The policy actions this role may run in this hospital (server's policy tables). */
  allowedActions: string[];
};

export type StaffUser = {
  id: string;
  email: string;
  displayName: string;
  mustChangePassword: boolean;
  disabled: boolean;
  memberships: StaffMembership[];
};

const staffUserFields = `
  id email displayName mustChangePassword disabled
  memberships { organizationId organizationName role practitionerId allowedActions }
`;

export const staffMeQuery = `query staffMe { staffMe { ${staffUserFields} } }`;
export type StaffMeResult = { staffMe: StaffUser };

export const staffSignInMutation = `mutation staffSignIn($email: String!, $password: String!) {
  staffSignIn(email: $email, password: $password) { token staff { ${staffUserFields} } }
}`;
export type StaffSignInResult = { staffSignIn: { token: string; staff: StaffUser } };
export type StaffSignInVariables = { email: string; password: string };

export const staffChangePasswordMutation = `mutation staffChangePassword($currentPassword: String!, $newPassword: String!) {
  staffChangePassword(currentPassword: $currentPassword, newPassword: $newPassword) { ${staffUserFields} }
}`;
export type StaffChangePasswordResult = { staffChangePassword: StaffUser };
export type StaffChangePasswordVariables = { currentPassword: string; newPassword: string };

export const staffSignOutMutation = `mutation staffSignOut { staffSignOut }`;

// Live: the member's own account after an admin changed it (over graphql-ws, with the staff token).
export const staffAccountChangedSubscription = `subscription staffAccountChanged { staffAccountChanged { ${staffUserFields} } }`;
export type StaffAccountChangedResult = { staffAccountChanged: StaffUser };
