import { normaliseMobileNo } from '@careline/domain/auth';
import { AppError } from '@careline/domain/errors';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { accounts, patients } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/index.ts';
import { knownToHospital } from './profiles.reach.ts';

export type StaffPatientView = {
  id: string;
  prefix: string;
  givenName: string;
  familyName: string;
  gender: string;
  birthDate: string | null;
  relationship: string | null;
  mobileNo: string;
  hospitalId: string | null;
};

/**
 * A profile as the desk sees it while registering a walk-in (issue 29 §10): enough to pick the person
 * standing there, and whether the hospital has a record of them yet. A profile with no record here
 * shows nothing more (no birth date, relationship, home hospital or other number).
 */
export type StaffDeskPatientView = {
  id: string;
  prefix: string;
  givenName: string;
  familyName: string;
  /** The profile has a record at this hospital (profiles.reach.ts knownToHospital). */
  knownHere: boolean;
};

type LookupDeps = { db: Db; tenantId: string; correlationId: string };
type LookupActor = { staffUserId: string; role: string; organizationId: string };

async function accountOfNumber(tx: DbOrTx, tenantId: string, mobileNo: string): Promise<{ id: string } | null> {
  const [account] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.tenantId, tenantId), eq(accounts.mobileNo, mobileNo)))
    .limit(1);
  return account ?? null;
}

function requireNumber(mobileNo: string): string {
  const normalised = normaliseMobileNo(mobileNo);
  if (!normalised) {
    throw new AppError('ARO-E1013');
  }
  return normalised;
}

/**
 * Finds the profiles behind a mobile number that the hospital knows: any record there (registered,
 * an appointment, an order, a lab report, a chat; profiles.reach.ts). Profiles known only to other
 * hospitals of the group stay hidden, and another tenant's number is another account. Every lookup,
 * found or not, is audited in the same transaction as the read.
 * @param deps - database, tenant, correlation id
 * @param actor - the staff member, the role allowing it and the hospital
 * @param mobileNo - the number as typed (07…, 7…, 94…)
 */
export async function lookupPatientsByMobile(deps: LookupDeps, actor: LookupActor, mobileNo: string): Promise<StaffPatientView[]> {
  const normalised = requireNumber(mobileNo);
  return deps.db.transaction(async (tx) => {
    const account = await accountOfNumber(tx, deps.tenantId, normalised);
    const found = account
      ? await tx
          .select()
          .from(patients)
          .where(
            and(
              eq(patients.accountId, account.id),
              eq(patients.tenantId, deps.tenantId),
              eq(patients.active, true),
              knownToHospital(tx, actor.organizationId),
            ),
          )
          .orderBy(asc(patients.createdAt), asc(patients.id))
      : [];
    await recordAudit(tx, {
      tenantId: deps.tenantId,
      actor: { kind: 'staff', ...actor },
      action: 'patient.lookup',
      correlationId: deps.correlationId,
      patientAccountId: found.length > 0 ? (account?.id ?? null) : null,
      details: { mobileNo: normalised, found: found.length, patientIds: found.map((p) => p.id) },
    });
    return found.map((p) => ({
      id: p.id,
      prefix: p.prefix,
      givenName: p.givenName,
      familyName: p.familyName,
      gender: p.gender,
      birthDate: p.birthDate,
      relationship: p.relationship,
      mobileNo: p.mobileNo ?? normalised,
      hospitalId: p.hospitalId,
    }));
  });
}

/**
 * Finds the profiles behind a mobile number for the desk registering a walk-in (issue 29 §10): every
 * active profile of the account in this tenant (the group), each with whether the hospital knows it
 * yet, and the name only. Booking one at the desk is what registers them here. Only the desk roles
 * may ask (policy patients.walkIn); audited like every lookup, with the profiles that had no record.
 * @param deps - database, tenant, correlation id
 * @param actor - the staff member, the role allowing it and the hospital
 * @param mobileNo - the number as typed (07…, 7…, 94…)
 */
export async function lookupWalkInPatients(deps: LookupDeps, actor: LookupActor, mobileNo: string): Promise<StaffDeskPatientView[]> {
  const normalised = requireNumber(mobileNo);
  return deps.db.transaction(async (tx) => {
    const account = await accountOfNumber(tx, deps.tenantId, normalised);
    const found = account
      ? await tx
          .select({
            id: patients.id,
            prefix: patients.prefix,
            givenName: patients.givenName,
            familyName: patients.familyName,
            knownHere: sql<boolean>`(${knownToHospital(tx, actor.organizationId)})`,
          })
          .from(patients)
          .where(and(eq(patients.accountId, account.id), eq(patients.tenantId, deps.tenantId), eq(patients.active, true)))
          .orderBy(asc(patients.createdAt), asc(patients.id))
      : [];
    const views = found.map((p) => ({ ...p, knownHere: p.knownHere === true }));
    await recordAudit(tx, {
      tenantId: deps.tenantId,
      actor: { kind: 'staff', ...actor },
      action: 'patient.lookup',
      correlationId: deps.correlationId,
      patientAccountId: views.length > 0 ? (account?.id ?? null) : null,
      details: {
        mobileNo: normalised,
        purpose: 'walkIn',
        found: views.length,
        patientIds: views.map((p) => p.id),
        withoutRecordHere: views.filter((p) => !p.knownHere).map((p) => p.id),
      },
    });
    return views;
  });
}
