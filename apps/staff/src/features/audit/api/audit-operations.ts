// Audit trail operations, in one place until typed operations (gql.tada) land.

export type AuditEvent = {
  id: string;
  at: string;
  actorKind: string;
  actorId: string;
  actorName: string | null;
  role: string | null;
  action: string;
  patientAccountId: string | null;
  patientId: string | null;
  correlationId: string;
  details: Record<string, unknown> | null;
};

export type AuditFilter = { action?: string | null; from?: string | null; to?: string | null };

export const auditTrailQuery = `query auditTrail($organizationId: ID!, $filter: AuditFilter, $first: Int, $after: String) {
  auditTrail(organizationId: $organizationId, filter: $filter, first: $first, after: $after) {
    events { id at actorKind actorId actorName role action patientAccountId patientId correlationId details }
    nextCursor
  }
}`;
export type AuditTrailResult = { auditTrail: { events: AuditEvent[]; nextCursor: string | null } };
export type AuditTrailVariables = { organizationId: string; filter: AuditFilter | null; first: number; after: string | null };
