import type { StaffRole } from '@careline/domain/staff';
import type { StaffUser } from '../../auth/api/auth-operations.ts';

// Staff administration operations, in one place until typed operations (gql.tada) land.

const userFields = `id email displayName mustChangePassword disabled
  memberships { organizationId organizationName role practitionerId allowedActions }`;

export const staffUsersQuery = `query staffUsers($organizationId: ID!) {
  staffUsers(organizationId: $organizationId) { ${userFields} }
}`;
export type StaffUsersResult = { staffUsers: StaffUser[] };

export type RoleInput = { role: StaffRole; practitionerId?: string | null };

export const createStaffUserMutation = `mutation createStaffUser($organizationId: ID!, $input: CreateStaffUserInput!) {
  createStaffUser(organizationId: $organizationId, input: $input) { temporaryPassword user { ${userFields} } }
}`;
export type CreateStaffUserResult = { createStaffUser: { temporaryPassword: string; user: StaffUser } };
export type CreateStaffUserVariables = {
  organizationId: string;
  input: { email: string; displayName: string; roles: RoleInput[] };
};

export const setStaffRolesMutation = `mutation setStaffRoles($organizationId: ID!, $staffUserId: ID!, $roles: [StaffRoleInput!]!) {
  setStaffRoles(organizationId: $organizationId, staffUserId: $staffUserId, roles: $roles) { ${userFields} }
}`;
export type SetStaffRolesResult = { setStaffRoles: StaffUser };
export type SetStaffRolesVariables = { organizationId: string; staffUserId: string; roles: RoleInput[] };
