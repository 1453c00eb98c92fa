import { and, asc, desc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import {
  accounts,
  appointments,
  consultationSessions,
  patients,
  questionnaireResponses,
  questionnaires,
} from '../../db/schema/index.ts';

export type QuestionnaireRow = typeof questionnaires.$inferSelect;
export type QuestionnaireResponseRow = typeof questionnaireResponses.$inferSelect;

/** An appointment with the hospital of its session. */
export type AppointmentRow = {
  id: string;
  accountId: string;
  patientId: string;
  appointmentStatus: string;
  organizationId: string;
};

const appointmentColumns = {
  id: appointments.id,
  accountId: appointments.accountId,
  patientId: appointments.patientId,
  appointmentStatus: appointments.appointmentStatus,
  organizationId: consultationSessions.organizationId,
};

/**
 * An appointment of the account, or null (another account's appointment too); `lock` takes a row
 * lock on the appointment so that two submits of its questionnaire run one after the other.
 * @param db - database or transaction
 * @param owner - tenant and account
 * @param id - the appointment
 * @param lock - lock the appointment row (inside a transaction)
 */
export async function findOwnAppointment(
  db: DbOrTx,
  owner: { tenantId: string; accountId: string },
  id: string,
  lock = false,
): Promise<AppointmentRow | null> {
  const query = db
    .select(appointmentColumns)
    .from(appointments)
    .innerJoin(consultationSessions, eq(consultationSessions.id, appointments.sessionId))
    .where(and(eq(appointments.id, id), eq(appointments.tenantId, owner.tenantId), eq(appointments.accountId, owner.accountId)));
  const [row] = lock ? await query.for('update', { of: appointments }) : await query;
  return row ?? null;
}

/**
 * An appointment at a hospital, or null (one of another hospital too).
 * @param db - database or transaction
 * @param scope - tenant and hospital
 * @param id - the appointment
 */
export async function findHospitalAppointment(
  db: DbOrTx,
  scope: { tenantId: string; organizationId: string },
  id: string,
): Promise<AppointmentRow | null> {
  const [row] = await db
    .select(appointmentColumns)
    .from(appointments)
    .innerJoin(consultationSessions, eq(consultationSessions.id, appointments.sessionId))
    .where(
      and(
        eq(appointments.id, id),
        eq(appointments.tenantId, scope.tenantId),
        eq(consultationSessions.organizationId, scope.organizationId),
      ),
    );
  return row ?? null;
}

/**
 * The questionnaire asked for appointments at a hospital: its newest active one, else the newest
 * active one of the tenant as a whole (no hospital); null when there is none.
 * @param db - database or transaction
 * @param tenantId - the tenant
 * @param organizationId - the appointment's hospital
 */
export async function findApplicableQuestionnaire(
  db: DbOrTx,
  tenantId: string,
  organizationId: string,
): Promise<QuestionnaireRow | null> {
  const [row] = await db
    .select()
    .from(questionnaires)
    .where(
      and(
        eq(questionnaires.tenantId, tenantId),
        eq(questionnaires.status, 'active'),
        or(eq(questionnaires.organizationId, organizationId), isNull(questionnaires.organizationId)),
      ),
    )
    .orderBy(sql`(${questionnaires.organizationId} is null) asc`, desc(questionnaires.createdAt), desc(questionnaires.id))
    .limit(1);
  return row ?? null;
}

/**
 * A questionnaire of a hospital, or null (one of another hospital too).
 * @param db - database or transaction
 * @param scope - tenant and hospital
 * @param id - the questionnaire
 * @param lock - lock the row (inside a transaction)
 */
export async function findHospitalQuestionnaire(
  db: DbOrTx,
  scope: { tenantId: string; organizationId: string },
  id: string,
  lock = false,
): Promise<QuestionnaireRow | null> {
  const query = db
    .select()
    .from(questionnaires)
    .where(
      and(
        eq(questionnaires.id, id),
        eq(questionnaires.tenantId, scope.tenantId),
        eq(questionnaires.organizationId, scope.organizationId),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/**
 * The questionnaire of a tenant with a name, or null.
 * @param db - database or transaction
 * @param tenantId - the tenant
 * @param name - the unique name
 */
export async function findQuestionnaireByName(db: DbOrTx, tenantId: string, name: string): Promise<QuestionnaireRow | null> {
  const [row] = await db
    .select()
    .from(questionnaires)
    .where(and(eq(questionnaires.tenantId, tenantId), eq(questionnaires.name, name)));
  return row ?? null;
}

/**
 * A hospital's questionnaires, active first, newest first.
 * @param db - database or transaction
 * @param scope - tenant and hospital
 */
export async function selectHospitalQuestionnaires(
  db: DbOrTx,
  scope: { tenantId: string; organizationId: string },
): Promise<QuestionnaireRow[]> {
  return db
    .select()
    .from(questionnaires)
    .where(and(eq(questionnaires.tenantId, scope.tenantId), eq(questionnaires.organizationId, scope.organizationId)))
    .orderBy(sql`(${questionnaires.status} = 'active') desc`, desc(questionnaires.createdAt), desc(questionnaires.id));
}

/**
 * Inserts a questionnaire.
 * @param db - database or transaction
 * @param row - the questionnaire
 */
export async function insertQuestionnaire(db: DbOrTx, row: typeof questionnaires.$inferInsert): Promise<QuestionnaireRow> {
  const [inserted] = await db.insert(questionnaires).values(row).returning();
  if (!inserted) {
    throw new Error('questionnaire insert returned no row');
  }
  return inserted;
}

/**
 * Changes a questionnaire's name, title, items and status.
 * @param db - database or transaction
 * @param id - the questionnaire
 * @param fields - the new values
 */
export async function updateQuestionnaire(
  db: DbOrTx,
  id: string,
  fields: Pick<typeof questionnaires.$inferInsert, 'name' | 'title' | 'items' | 'status' | 'translations'>,
): Promise<QuestionnaireRow> {
  const [updated] = await db.update(questionnaires).set(fields).where(eq(questionnaires.id, id)).returning();
  if (!updated) {
    throw new Error('questionnaire update returned no row');
  }
  return updated;
}

/**
 * The responses based on a record ('Appointment/{id}'), oldest first; of one questionnaire when given.
 * @param db - database or transaction
 * @param tenantId - the tenant
 * @param basedOn - e.g. 'Appointment/{id}'
 * @param questionnaireId - only this questionnaire's responses
 */
export async function selectResponsesBasedOn(
  db: DbOrTx,
  tenantId: string,
  basedOn: string,
  questionnaireId?: string,
): Promise<QuestionnaireResponseRow[]> {
  return db
    .select()
    .from(questionnaireResponses)
    .where(
      and(
        eq(questionnaireResponses.tenantId, tenantId),
        eq(questionnaireResponses.basedOn, basedOn),
        questionnaireId === undefined ? undefined : eq(questionnaireResponses.questionnaireId, questionnaireId),
      ),
    )
    .orderBy(asc(questionnaireResponses.createdAt), asc(questionnaireResponses.id));
}

/**
 * Inserts a questionnaire response.
 * @param db - database or transaction
 * @param row - the response
 */
export async function insertQuestionnaireResponse(
  db: DbOrTx,
  row: typeof questionnaireResponses.$inferInsert,
): Promise<QuestionnaireResponseRow> {
  const [inserted] = await db.insert(questionnaireResponses).values(row).returning();
  if (!inserted) {
    throw new Error('questionnaire response insert returned no row');
  }
  return inserted;
}

/**
 * The account holder's profile (Me first, else the oldest active one), or null: the author of what the account submits.
 * @param db - database or transaction
 * @param owner - tenant and account
 */
export async function findAccountHolderProfile(
  db: DbOrTx,
  owner: { tenantId: string; accountId: string },
): Promise<string | null> {
  const [row] = await db
    .select({ id: patients.id })
    .from(patients)
    .where(and(eq(patients.accountId, owner.accountId), eq(patients.tenantId, owner.tenantId), eq(patients.active, true)))
    .orderBy(sql`(${patients.relationship} = 'Me') desc nulls last`, asc(patients.createdAt), asc(patients.id))
    .limit(1);
  return row?.id ?? null;
}

/**
 * The language the account chose for its texts, or null (none chosen yet).
 * @param db - database or transaction
 * @param owner - tenant and account
 */
export async function findAccountLanguage(db: DbOrTx, owner: { tenantId: string; accountId: string }): Promise<string | null> {
  const [row] = await db
    .select({ language: accounts.preferredLanguage })
    .from(accounts)
    .where(and(eq(accounts.id, owner.accountId), eq(accounts.tenantId, owner.tenantId)));
  return row?.language ?? null;
}

/** A response as the hospital's list shows it: with its patient's name and the questionnaire's title. */
export type HospitalResponseRow = QuestionnaireResponseRow & {
  patientPrefix: string;
  patientGivenName: string;
  patientFamilyName: string;
  questionnaireTitle: string | null;
};

const hospitalResponseColumns = {
  response: questionnaireResponses,
  patientPrefix: patients.prefix,
  patientGivenName: patients.givenName,
  patientFamilyName: patients.familyName,
  questionnaireTitle: questionnaires.title,
};

const asHospitalRow = (row: {
  response: QuestionnaireResponseRow;
  patientPrefix: string;
  patientGivenName: string;
  patientFamilyName: string;
  questionnaireTitle: string | null;
}): HospitalResponseRow => ({
  ...row.response,
  patientPrefix: row.patientPrefix,
  patientGivenName: row.patientGivenName,
  patientFamilyName: row.patientFamilyName,
  questionnaireTitle: row.questionnaireTitle,
});

/**
 * A hospital's questionnaire responses, newest first, `limit` of them after a response of the list
 * (its cursor), with each patient's name and the questionnaire's title.
 * @param db - database or transaction
 * @param scope - tenant and hospital
 * @param page - how many, and the response the page starts after
 */
export async function selectHospitalResponses(
  db: DbOrTx,
  scope: { tenantId: string; organizationId: string },
  page: { limit: number; after: { createdAt: Date; id: string } | null },
): Promise<HospitalResponseRow[]> {
  const { after } = page;
  const rows = await db
    .select(hospitalResponseColumns)
    .from(questionnaireResponses)
    .innerJoin(patients, eq(patients.id, questionnaireResponses.patientId))
    .leftJoin(questionnaires, eq(questionnaires.id, questionnaireResponses.questionnaireId))
    .where(
      and(
        eq(questionnaireResponses.tenantId, scope.tenantId),
        eq(questionnaireResponses.organizationId, scope.organizationId),
        after
          ? or(
              lt(questionnaireResponses.createdAt, after.createdAt),
              and(eq(questionnaireResponses.createdAt, after.createdAt), lt(questionnaireResponses.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(questionnaireResponses.createdAt), desc(questionnaireResponses.id))
    .limit(page.limit);
  return rows.map(asHospitalRow);
}

/**
 * A questionnaire response of a hospital, or null (one of another hospital, or of none, too).
 * @param db - database or transaction
 * @param scope - tenant and hospital
 * @param id - the response
 */
export async function findHospitalResponse(
  db: DbOrTx,
  scope: { tenantId: string; organizationId: string },
  id: string,
): Promise<HospitalResponseRow | null> {
  const [row] = await db
    .select(hospitalResponseColumns)
    .from(questionnaireResponses)
    .innerJoin(patients, eq(patients.id, questionnaireResponses.patientId))
    .leftJoin(questionnaires, eq(questionnaires.id, questionnaireResponses.questionnaireId))
    .where(
      and(
        eq(questionnaireResponses.id, id),
        eq(questionnaireResponses.tenantId, scope.tenantId),
        eq(questionnaireResponses.organizationId, scope.organizationId),
      ),
    );
  return row ? asHospitalRow(row) : null;
}
