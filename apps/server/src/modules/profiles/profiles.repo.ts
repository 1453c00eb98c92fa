import { AppError } from '@careline/domain/errors';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accounts, organizations, patients } from '../../db/schema/index.ts';
import { UUID_PATTERN as UUID_SHAPE } from '@careline/domain/ids';

export type AccountRow = typeof accounts.$inferSelect;
export type PatientRow = typeof patients.$inferSelect;

/** Every query below is scoped by tenant and account: ids from a request never reach another account. */
export type Owner = { tenantId: string; accountId: string };

/**
 * The patient when it is an active profile of the account in the tenant, else null.
 * @param db - database or transaction
 * @param owner - tenant and account
 * @param patientId - the profile asked for
 */
export async function findOwnedPatient(db: DbOrTx, owner: Owner, patientId: string): Promise<{ id: string } | null> {
  const [row] = await db
    .select({ id: patients.id })
    .from(patients)
    .where(
      and(
        eq(patients.id, patientId),
        eq(patients.accountId, owner.accountId),
        eq(patients.tenantId, owner.tenantId),
        eq(patients.active, true),
      ),
    );
  return row ?? null;
}

export async function findAccount(db: DbOrTx, owner: Owner): Promise<AccountRow | null> {
  const [row] = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, owner.accountId), eq(accounts.tenantId, owner.tenantId)))
    .limit(1);
  return row ?? null;
}

/**
 * Locks the account row until the transaction ends, so that checks over all of its profiles (one
 * person per single role) see every concurrent change of the same account one after the other.
 */
export async function lockAccount(db: DbOrTx, owner: Owner): Promise<void> {
  await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.id, owner.accountId), eq(accounts.tenantId, owner.tenantId)))
    .for('update');
}

export async function listPatients(db: DbOrTx, owner: Owner): Promise<PatientRow[]> {
  return db
    .select()
    .from(patients)
    .where(
      and(eq(patients.accountId, owner.accountId), eq(patients.tenantId, owner.tenantId), eq(patients.active, true)),
    )
    .orderBy(asc(patients.createdAt), asc(patients.id));
}

export async function findPatient(db: DbOrTx, owner: Owner, patientId: string): Promise<PatientRow | null> {
  const [row] = await db
    .select()
    .from(patients)
    .where(
      and(
        eq(patients.id, patientId),
        eq(patients.accountId, owner.accountId),
        eq(patients.tenantId, owner.tenantId),
        eq(patients.active, true),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** How many of `ids` are active patients of the account. */
export async function countOwnPatients(db: DbOrTx, owner: Owner, ids: string[]): Promise<number> {
  if (ids.length === 0) {
    return 0;
  }
  const rows = await db
    .select({ id: patients.id })
    .from(patients)
    .where(
      and(
        inArray(patients.id, ids),
        eq(patients.accountId, owner.accountId),
        eq(patients.tenantId, owner.tenantId),
        eq(patients.active, true),
      ),
    );
  return rows.length;
}

/**
 * The most profile ids one request may list (an account holds at most PROFILES_MAX_PER_ACCOUNT
 * profiles, 20 by default): a longer list is refused before any database work.
 */
export const PROFILE_ID_LIST_MAX = 100;

/**
 * Which of `ids` are active profiles of the account, read in one query. Ids that are not uuids, or
 * belong to another account or tenant, are left out, so a caller cannot tell them from missing ones.
 * More than PROFILE_ID_LIST_MAX ids (after removing repeats) is ARO-E2002 and reads nothing.
 * @param db - database or transaction
 * @param owner - tenant and account
 * @param ids - the profile ids a request carries
 */
export async function ownProfileIds(
  db: DbOrTx,
  owner: Owner,
  ids: readonly (string | number)[],
): Promise<Set<string>> {
  const distinct = [...new Set(ids.map(String))];
  if (distinct.length > PROFILE_ID_LIST_MAX) {
    throw new AppError('ARO-E2002');
  }
  const candidates = distinct.filter((id) => UUID_SHAPE.test(id));
  if (candidates.length === 0) {
    return new Set();
  }
  const rows = await db
    .select({ id: patients.id })
    .from(patients)
    .where(
      and(
        inArray(patients.id, candidates),
        eq(patients.accountId, owner.accountId),
        eq(patients.tenantId, owner.tenantId),
        eq(patients.active, true),
      ),
    );
  return new Set(rows.map((row) => row.id));
}

export async function organizationExists(db: DbOrTx, tenantId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.id, id), eq(organizations.tenantId, tenantId)))
    .limit(1);
  return Boolean(row);
}

export type PatientValues = {
  prefix: string;
  givenName: string;
  familyName: string;
  gender: string;
  birthDate: string | null;
  relationship: string | null;
  addressLineOne: string | null;
  addressLineTwo: string | null;
  addressLineThree: string | null;
  addressCity: string | null;
  linkedPatientIds: string[];
};

export async function insertPatient(
  db: DbOrTx,
  owner: Owner,
  values: PatientValues & { hospitalId: string | null; mobileNo: string },
): Promise<PatientRow> {
  const [row] = await db
    .insert(patients)
    .values({ ...values, tenantId: owner.tenantId, accountId: owner.accountId })
    .returning();
  if (!row) {
    throw new Error('patient insert returned no row');
  }
  return row;
}

export async function updatePatient(
  db: DbOrTx,
  owner: Owner,
  patientId: string,
  values: PatientValues,
): Promise<PatientRow | null> {
  const [row] = await db
    .update(patients)
    .set({ ...values, updatedAt: sql`now()` })
    .where(
      and(
        eq(patients.id, patientId),
        eq(patients.accountId, owner.accountId),
        eq(patients.tenantId, owner.tenantId),
        eq(patients.active, true),
      ),
    )
    .returning();
  return row ?? null;
}
