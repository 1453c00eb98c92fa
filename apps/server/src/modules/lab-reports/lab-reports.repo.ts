import {
  and,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  diagnosticReportCodes,
  diagnosticReportSubCodes,
  diagnosticReports,
  observations,
} from '../../db/schema/index.ts';
import { UUID_PATTERN } from '@careline/domain/ids';

export type DiagnosticReportRow = typeof diagnosticReports.$inferSelect;
export type ObservationRow = typeof observations.$inferSelect;
export type ReportCodeRow = typeof diagnosticReportCodes.$inferSelect;
export type ReportSubCodeRow = typeof diagnosticReportSubCodes.$inferSelect;

/** Whose rows a patient request may touch. */
export type Owner = { tenantId: string; accountId: string };

/** A hospital of a tenant: the only reports a staff request there may touch. */
export type HospitalScope = { tenantId: string; organizationId: string };

/** The series of a version: its seriesId, or its own id for a first version. */
const seriesOf = sql`coalesce(${diagnosticReports.seriesId}, ${diagnosticReports.id})`;

/**
 * Every version of the reports of one of the account's profiles that a patient may ever see:
 * never a sensitive one (as orders: spec doc 3 §7 Fetch orders, sensitive not true). Which version
 * shows is the service's choice (the domain's latest released, issued version).
 * @param db - database
 * @param owner - tenant and account
 * @param patientId - the profile
 * @param administration - whether purpose Administration reports are included (by id only, spec doc 3 §7)
 */
export async function selectPatientReportVersions(
  db: DbOrTx,
  owner: Owner,
  patientId: string,
  administration: boolean,
): Promise<DiagnosticReportRow[]> {
  return db
    .select()
    .from(diagnosticReports)
    .where(
      and(
        eq(diagnosticReports.tenantId, owner.tenantId),
        eq(diagnosticReports.accountId, owner.accountId),
        eq(diagnosticReports.patientId, patientId),
        eq(diagnosticReports.diagnosticReportSensitive, false),
        administration
          ? undefined
          : or(isNull(diagnosticReports.purpose), ne(diagnosticReports.purpose, 'Administration')),
      ),
    )
    .orderBy(desc(diagnosticReports.createdAt), desc(diagnosticReports.id));
}

/**
 * Every version of the reports of one lab order of the account (not sensitive), newest first (issue
 * 30 §1: the order screen links to its report). Another account's order gives no rows.
 * @param db - database
 * @param owner - tenant and account
 * @param serviceRequestId - the lab order
 */
export async function selectOrderReportVersions(
  db: DbOrTx,
  owner: Owner,
  serviceRequestId: string,
): Promise<DiagnosticReportRow[]> {
  return db
    .select()
    .from(diagnosticReports)
    .where(
      and(
        eq(diagnosticReports.tenantId, owner.tenantId),
        eq(diagnosticReports.accountId, owner.accountId),
        eq(diagnosticReports.serviceRequestId, serviceRequestId),
        eq(diagnosticReports.diagnosticReportSensitive, false),
      ),
    )
    .orderBy(desc(diagnosticReports.createdAt), desc(diagnosticReports.id));
}

/**
 * Every version of the series of one report of the account (not sensitive), or [] (another
 * account's report, a sensitive one and a missing id look the same).
 * @param db - database
 * @param owner - tenant and account
 * @param id - any version's id
 */
export async function selectOwnedSeries(
  db: DbOrTx,
  owner: Owner,
  id: string,
): Promise<DiagnosticReportRow[]> {
  const [asked] = await db
    .select({ series: sql<string>`${seriesOf}` })
    .from(diagnosticReports)
    .where(
      and(
        eq(diagnosticReports.id, id),
        eq(diagnosticReports.tenantId, owner.tenantId),
        eq(diagnosticReports.accountId, owner.accountId),
        eq(diagnosticReports.diagnosticReportSensitive, false),
      ),
    );
  if (!asked) {
    return [];
  }
  return db
    .select()
    .from(diagnosticReports)
    .where(
      and(
        eq(diagnosticReports.tenantId, owner.tenantId),
        eq(diagnosticReports.accountId, owner.accountId),
        eq(diagnosticReports.diagnosticReportSensitive, false),
        sql`${seriesOf} = ${asked.series}`,
      ),
    )
    .orderBy(asc(diagnosticReports.version));
}

/**
 * The observations of reports in sub-test order (parameterOrder, then time); optionally only those of some codes.
 * @param db - database
 * @param reportIds - the reports
 * @param codeIds - the diagnostic report codes; null for all
 */
export async function selectReportObservations(
  db: DbOrTx,
  reportIds: readonly string[],
  codeIds: readonly string[] | null = null,
): Promise<ObservationRow[]> {
  if (reportIds.length === 0 || codeIds?.length === 0) {
    return [];
  }
  return db
    .select()
    .from(observations)
    .where(
      and(
        inArray(observations.diagnosticReportId, [...reportIds]),
        codeIds ? inArray(observations.diagnosticReportCodeId, [...codeIds]) : undefined,
      ),
    )
    .orderBy(
      sql`${observations.parameterOrder} asc nulls last`,
      asc(observations.createdTime),
      asc(observations.id),
    );
}

/**
 * Diagnostic report codes of the tenant named by id or by code ('00000001').
 * @param db - database
 * @param tenantId - the tenant
 * @param refs - ids or codes
 */
export async function selectReportCodes(
  db: DbOrTx,
  tenantId: string,
  refs: readonly string[],
): Promise<ReportCodeRow[]> {
  if (refs.length === 0) {
    return [];
  }
  const uuids = refs.filter((ref) => UUID_PATTERN.test(ref));
  return db
    .select()
    .from(diagnosticReportCodes)
    .where(
      and(
        eq(diagnosticReportCodes.tenantId, tenantId),
        or(
          inArray(diagnosticReportCodes.code, [...refs]),
          uuids.length > 0 ? inArray(diagnosticReportCodes.id, uuids) : undefined,
        ),
      ),
    );
}

/**
 * The sub-tests of codes, in parameterOrder.
 * @param db - database
 * @param codeIds - the codes
 */
export async function selectSubCodes(
  db: DbOrTx,
  codeIds: readonly string[],
): Promise<ReportSubCodeRow[]> {
  if (codeIds.length === 0) {
    return [];
  }
  return db
    .select()
    .from(diagnosticReportSubCodes)
    .where(inArray(diagnosticReportSubCodes.diagnosticReportCodeId, [...codeIds]))
    .orderBy(asc(diagnosticReportSubCodes.parameterOrder), asc(diagnosticReportSubCodes.name));
}

/** The staff list's queues: DRAFT (not verified), VERIFIED (not issued), ISSUED, ALL. */
export type LabReportQueue = 'DRAFT' | 'VERIFIED' | 'ISSUED' | 'ALL';

function queueCondition(queue: LabReportQueue): SQL | undefined {
  switch (queue) {
    case 'DRAFT':
      return and(
        isNull(diagnosticReports.diagnosticReportVerifiedTime),
        isNull(diagnosticReports.diagnosticReportOutsourcedType),
      );
    case 'VERIFIED':
      return and(
        or(
          isNotNull(diagnosticReports.diagnosticReportVerifiedTime),
          isNotNull(diagnosticReports.diagnosticReportOutsourcedType),
        ),
        or(isNull(diagnosticReports.summaryStatus), ne(diagnosticReports.summaryStatus, 'issued')),
      );
    case 'ISSUED':
      return eq(diagnosticReports.summaryStatus, 'issued');
    case 'ALL':
      return undefined;
  }
}

type HospitalFilter = {
  queue: LabReportQueue;
  serviceRequestId: string | null;
  patientId: string | null;
};

function hospitalWhere(scope: HospitalScope, filter: HospitalFilter): SQL | undefined {
  return and(
    eq(diagnosticReports.tenantId, scope.tenantId),
    eq(diagnosticReports.organizationId, scope.organizationId),
    // The list shows each report's current version; older ones are in its history.
    isNull(diagnosticReports.supersededById),
    queueCondition(filter.queue),
    filter.serviceRequestId
      ? eq(diagnosticReports.serviceRequestId, filter.serviceRequestId)
      : undefined,
    filter.patientId ? eq(diagnosticReports.patientId, filter.patientId) : undefined,
  );
}

/**
 * A page of a hospital's reports (current versions), newest first.
 * @param db - database
 * @param scope - tenant and hospital
 * @param filter - queue, order, patient, the last report of the page before and how many
 */
export async function selectHospitalReports(
  db: DbOrTx,
  scope: HospitalScope,
  filter: HospitalFilter & { afterId: string | null; limit: number },
): Promise<DiagnosticReportRow[]> {
  const after = filter.afterId
    ? sql`(${diagnosticReports.createdAt}, ${diagnosticReports.id}) < (SELECT c.created_at, c.id FROM ${diagnosticReports} c
        WHERE c.id = ${filter.afterId} AND c.tenant_id = ${scope.tenantId} AND c.organization_id = ${scope.organizationId})`
    : undefined;
  return db
    .select()
    .from(diagnosticReports)
    .where(and(hospitalWhere(scope, filter), after))
    .orderBy(desc(diagnosticReports.createdAt), desc(diagnosticReports.id))
    .limit(filter.limit);
}

/**
 * How many current reports of the hospital the filter holds.
 * @param db - database
 * @param scope - tenant and hospital
 * @param filter - queue, order, patient
 */
export async function countHospitalReports(
  db: DbOrTx,
  scope: HospitalScope,
  filter: HospitalFilter,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(diagnosticReports)
    .where(hospitalWhere(scope, filter));
  return Number(row?.n ?? 0);
}

/**
 * A report (any version) of the hospital, or null (another hospital's looks missing).
 * @param db - database or transaction
 * @param scope - tenant and hospital
 * @param id - the version
 * @param lock - lock the row for the rest of the transaction
 */
export async function findHospitalReport(
  db: DbOrTx,
  scope: HospitalScope,
  id: string,
  lock = false,
): Promise<DiagnosticReportRow | null> {
  const query = db
    .select()
    .from(diagnosticReports)
    .where(
      and(
        eq(diagnosticReports.id, id),
        eq(diagnosticReports.tenantId, scope.tenantId),
        eq(diagnosticReports.organizationId, scope.organizationId),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * Every version of some series of the hospital, oldest first, in one query.
 * @param db - database
 * @param scope - tenant and hospital
 * @param seriesIds - the series (each the first version's id)
 */
export async function selectHospitalSeries(
  db: DbOrTx,
  scope: HospitalScope,
  seriesIds: readonly string[],
): Promise<DiagnosticReportRow[]> {
  if (seriesIds.length === 0) {
    return [];
  }
  return db
    .select()
    .from(diagnosticReports)
    .where(
      and(
        eq(diagnosticReports.tenantId, scope.tenantId),
        eq(diagnosticReports.organizationId, scope.organizationId),
        or(
          inArray(diagnosticReports.id, [...seriesIds]),
          inArray(diagnosticReports.seriesId, [...seriesIds]),
        ),
      ),
    )
    .orderBy(asc(diagnosticReports.version));
}

/**
 * Inserts a report version.
 * @param db - the transaction
 * @param values - the row
 */
export async function insertReport(
  db: DbOrTx,
  values: typeof diagnosticReports.$inferInsert,
): Promise<DiagnosticReportRow> {
  const [row] = await db.insert(diagnosticReports).values(values).returning();
  if (!row) {
    throw new Error('diagnostic report insert returned no row');
  }
  return row;
}

/**
 * Writes a report's changed fields and the next revision, only while it still has the revision
 * the caller saw (the optimistic lock, in the UPDATE's own WHERE: PGlite's one connection does not
 * serialise transactions by FOR UPDATE); null when another change came first.
 * @param db - the transaction
 * @param id - the version
 * @param expectedRevision - the revision the caller saw
 * @param set - the changed fields
 */
export async function updateReportAtRevision(
  db: DbOrTx,
  id: string,
  expectedRevision: number,
  set: Partial<typeof diagnosticReports.$inferInsert>,
): Promise<DiagnosticReportRow | null> {
  const [row] = await db
    .update(diagnosticReports)
    .set({ ...set, revision: expectedRevision + 1, updatedAt: new Date() })
    .where(and(eq(diagnosticReports.id, id), eq(diagnosticReports.revision, expectedRevision)))
    .returning();
  return row ?? null;
}

/**
 * Inserts observations.
 * @param db - the transaction
 * @param rows - the observations
 */
export async function insertObservations(
  db: DbOrTx,
  rows: (typeof observations.$inferInsert)[],
): Promise<void> {
  if (rows.length > 0) {
    await db.insert(observations).values(rows);
  }
}

/**
 * Changes one observation.
 * @param db - the transaction
 * @param id - the observation
 * @param set - the changed fields
 */
export async function updateObservation(
  db: DbOrTx,
  id: string,
  set: Partial<typeof observations.$inferInsert>,
): Promise<void> {
  await db.update(observations).set(set).where(eq(observations.id, id));
}

/**
 * Sets the status of every observation of a report.
 * @param db - the transaction
 * @param reportId - the report
 * @param status - the status
 */
export async function setObservationsStatus(
  db: DbOrTx,
  reportId: string,
  status: string,
): Promise<void> {
  await db
    .update(observations)
    .set({ status })
    .where(
      and(
        eq(observations.diagnosticReportId, reportId),
        ne(observations.status, 'entered_in_error'),
      ),
    );
}

/**
 * Records when the patient last saw a report (spec doc 3 §4: a last-seen timestamp after a PDF).
 * @param db - database
 * @param id - the version
 * @param at - the time
 */
export async function setReportLastSeen(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db.update(diagnosticReports).set({ lastSeenAt: at }).where(eq(diagnosticReports.id, id));
}
