import { graphql, type ResultOf, type VariablesOf } from '@careline/contract/graphql';

// Audit trail operations, typed from schema.graphql (gql.tada).

export const auditTrailQuery = graphql(`
  query auditTrail($organizationId: ID!, $filter: AuditFilter, $first: Int, $after: String) {
    auditTrail(organizationId: $organizationId, filter: $filter, first: $first, after: $after) {
      events { id at actorKind actorId actorName role action patientAccountId patientId correlationId details }
      nextCursor
    }
  }
`);

export type AuditEvent = ResultOf<typeof auditTrailQuery>['auditTrail']['events'][number];
export type AuditTrailVariables = VariablesOf<typeof auditTrailQuery>;
export type AuditFilter = NonNullable<AuditTrailVariables['filter']>;
