import { normaliseMobileNo } from '@careline/domain/auth';
import { AppError } from '@careline/domain/errors';
import { and, asc, eq, exists, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts, appointments, consultationSessions, patients } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/index.ts';

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
 * Finds the profiles behind a mobile number that belong to one hospital: registered there, or with an
 * appointment in one of its sessions. Profiles known only to other hospitals of the group stay
 * hidden (staff reach only their own hospitals). Every lookup, found or not, is audited in the same
 * transaction as the read.
 * @param deps - database, tenant, correlation id
 * @param actor - the staff member, the role allowing it and the hospital
 * @param mobileNo - the number as typed (07…, 7…, 94…)
 */
export async function lookupPatientsByMobile(
  deps: { db: Db; tenantId: string; correlationId: string },
  actor: { staffUserId: string; role: string; organizationId: string },
  mobileNo: string,
): Promise<StaffPatientView[]> {
  const normalised = normaliseMobileNo(mobileNo);
  if (!normalised) {
    throw new AppError('ARO-E1013');
  }
  return deps.db.transaction(async (tx) => {
    const [account] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.tenantId, deps.tenantId), eq(accounts.mobileNo, normalised)))
      .limit(1);
    const found = account
      ? await tx
          .select()
          .from(patients)
          .where(
            and(
              eq(patients.accountId, account.id),
              eq(patients.active, true),
              or(
                eq(patients.hospitalId, actor.organizationId),
                exists(
                  tx
                    .select({ one: appointments.id })
                    .from(appointments)
                    .innerJoin(
                      consultationSessions,
                      eq(consultationSessions.id, appointments.sessionId),
                    )
                    .where(
                      and(
                        eq(appointments.patientId, patients.id),
                        eq(consultationSessions.organizationId, actor.organizationId),
                      ),
                    ),
                ),
              ),
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
