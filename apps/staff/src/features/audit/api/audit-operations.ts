import { graphql, type ResultOf, type VariablesOf } from '@careline/contract/graphql';

// Audit trail operations, typed from schema.graphql (gql.tada).

export const auditTrailQuery = graphql(`
  query auditTrail($organizationId: ID!, $filter: AuditFilter, $first: Int, $after: String) {
    auditTrail(organizationId: $organizationId, filter: $filter, first: $first, after: $after) {
      events { id at actorKind actorId actorName role organizationId action patientAccountId patientId patientName patientMobileNo correlationId details }
      nextCursor
    }
  }
`);

export type AuditEvent = ResultOf<typeof auditTrailQuery>['auditTrail']['events'][number];
export type AuditTrailVariables = VariablesOf<typeof auditTrailQuery>;
export type AuditFilter = NonNullable<AuditTrailVariables['filter']>;

/** The hospital's staff, for the trail's staff-member filter (admins only, as the trail itself). */
export const auditStaffMembersQuery = graphql(`
  query auditStaffMembers($organizationId: ID!) {
    staffUsers(organizationId: $organizationId) { id displayName email }
  }
`);

export type AuditStaffMember = ResultOf<typeof auditStaffMembersQuery>['staffUsers'][number];
