import type { StaffRole } from '@careline/domain/staff';
import type { StaffMembership, StaffUser } from '../../auth/api/auth-operations.ts';

/** A staff user as the administration list shows them. */
export type ListedStaffUser = Omit<StaffUser, 'memberships'> & {
  memberships: Omit<StaffMembership, 'allowedActions'>[];
};

// Staff administration operations, in one place until typed operations (gql.tada) land.

// allowedActions is the signed-in member's concern (staffMe), not the list's.
const userFields = `id email displayName mustChangePassword disabled
  memberships { organizationId organizationName role practitionerId }`;

export const staffUsersQuery = `query staffUsers($organizationId: ID!) {
  staffUsers(organizationId: $organizationId) { ${userFields} }
}`;
export type StaffUsersResult = { staffUsers: ListedStaffUser[] };

export type RoleInput = { role: StaffRole; practitionerId?: string | null };

export const createStaffUserMutation = `mutation createStaffUser($organizationId: ID!, $input: CreateStaffUserInput!) {
  createStaffUser(organizationId: $organizationId, input: $input) { temporaryPassword user { ${userFields} } }
}`;
export type CreateStaffUserResult = { createStaffUser: { temporaryPassword: string; user: ListedStaffUser } };
export type CreateStaffUserVariables = {
  organizationId: string;
  input: { email: string; displayName: string; roles: RoleInput[] };
};

export const setStaffRolesMutation = `mutation setStaffRoles($organizationId: ID!, $staffUserId: ID!, $roles: [StaffRoleInput!]!) {
  setStaffRoles(organizationId: $organizationId, staffUserId: $staffUserId, roles: $roles) { ${userFields} }
}`;
export type SetStaffRolesResult = { setStaffRoles: ListedStaffUser };
export type SetStaffRolesVariables = { organizationId: string; staffUserId: string; roles: RoleInput[] };
