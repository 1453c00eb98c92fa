import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  FACTORY_STAFF_PASSWORD,
  makeOrganization,
  makePatientAccount,
  makeStaffUser,
} from '../../../test/factories.ts';
import { auditEvents } from '../../db/schema/index.ts';
import { buildSchema } from '../../graphql/schema.ts';
import { recordAudit } from './audit.service.ts';

let t: TestApp;
let tenantId: string;
let hospital: string;
let adminToken: string;
let adminId: string;
let receptionistToken: string;
let receptionistId: string;

async function tokenFor(email: string): Promise<string> {
  const body = await t.gql<{ staffSignIn: { token: string } }>(
    'mutation ($e: String!, $p: String!) { staffSignIn(email: $e, password: $p) { token } }',
    { e: email, p: FACTORY_STAFF_PASSWORD },
  );
  return body.data?.staffSignIn.token ?? '';
}

async function auditCount(): Promise<number> {
  const [row] = await t.database.db.select({ n: count() }).from(auditEvents);
  return row?.n ?? 0;
}

beforeAll(async () => {
  t = await createTestApp();
  tenantId = t.tenants.defaultTenant.id;
  hospital = (await makeOrganization(t.database.db, tenantId)).id;
  const admin = await makeStaffUser(t.database.db, tenantId, [
    { organizationId: hospital, role: 'admin' },
  ]);
  const receptionist = await makeStaffUser(t.database.db, tenantId, [
    { organizationId: hospital, role: 'receptionist' },
  ]);
  adminId = admin.id;
  receptionistId = receptionist.id;
  adminToken = await tokenFor(admin.email);
  receptionistToken = await tokenFor(receptionist.email);
});

afterAll(async () => {
  await t.close();
});

const LOOKUP =
  'query ($o: ID!, $m: String!) { staffPatientLookup(organizationId: $o, mobileNo: $m) { id givenName } }';

describe('the audit trail', () => {
  it('records a patient lookup: who, role, hospital, action, patient, when and the correlation id', async () => {
    const { account, patient } = await makePatientAccount(t.database.db, tenantId, {
      hospitalId: hospital,
    });
    const local = `0${account.mobileNo.slice(2)}`;
    const before = new Date(Date.now() - 1000);
    const body = await t.gql(
      LOOKUP,
      { o: hospital, m: local },
      {
        authorization: `Bearer ${receptionistToken}`,
        'x-correlation-id': 'corr-lookup-1',
      },
    );
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({
      staffPatientLookup: [{ id: patient.id, givenName: patient.givenName }],
    });
    const rows = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.correlationId, 'corr-lookup-1'));
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row).toMatchObject({
      tenantId,
      actorKind: 'staff',
      actorId: receptionistId,
      role: 'receptionist',
      organizationId: hospital,
      action: 'patient.lookup',
      patientAccountId: account.id,
    });
    expect(row?.at.getTime()).toBeGreaterThan(before.getTime());
  });

  it('records a lookup that finds nobody, and hides profiles known only to other hospitals', async () => {
    const elsewhere = await makeOrganization(t.database.db, tenantId);
    const { account } = await makePatientAccount(t.database.db, tenantId, {
      hospitalId: elsewhere.id,
    });
    const body = await t.gql(
      LOOKUP,
      { o: hospital, m: account.mobileNo },
      {
        authorization: `Bearer ${receptionistToken}`,
        'x-correlation-id': 'corr-lookup-2',
      },
    );
    expect(body.data).toEqual({ staffPatientLookup: [] });
    const rows = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.correlationId, 'corr-lookup-2'));
    expect(rows.map((r) => [r.action, r.patientAccountId])).toEqual([['patient.lookup', null]]);
  });

  it('is written in the transaction of the change: a change that fails leaves no row', async () => {
    const rowsBefore = await auditCount();
    await expect(
      t.database.db.transaction(async (tx) => {
        await recordAudit(tx, {
          tenantId,
          actor: { kind: 'staff', staffUserId: adminId, role: 'admin', organizationId: hospital },
          action: 'staff.create',
          correlationId: 'corr-rolled-back',
        });
        throw new Error('the change failed after its audit row');
      }),
    ).rejects.toThrow('the change failed');
    expect(await auditCount()).toBe(rowsBefore);

    // Through the API: a refused creation (duplicate email) writes nothing either.
    const create = `mutation ($o: ID!, $i: CreateStaffUserInput!) { createStaffUser(organizationId: $o, input: $i) { user { id } temporaryPassword } }`;
    const input = {
      email: 'twice@hospital.test',
      displayName: 'Twice',
      roles: [{ role: 'cashier' }],
    };
    const first = await t.gql(
      create,
      { o: hospital, i: input },
      { authorization: `Bearer ${adminToken}` },
    );
    expect(first.errors).toBeUndefined();
    const afterFirst = await auditCount();
    const second = await t.gql(
      create,
      { o: hospital, i: input },
      { authorization: `Bearer ${adminToken}` },
    );
    expect(second.errors?.[0]?.message).toBe(
      'ARO-E1203:A staff user with this email already exists',
    );
    expect(await auditCount()).toBe(afterFirst);
  });

  it('cannot be edited or deleted, by the database itself', async () => {
    const [row] = await t.database.db.select().from(auditEvents).limit(1);
    expect(row).toBeDefined();
    await expect(
      t.database.db
        .update(auditEvents)
        .set({ action: 'tampered' })
        .where(eq(auditEvents.id, row?.id ?? '')),
    ).rejects.toThrow();
    await expect(
      t.database.db.delete(auditEvents).where(eq(auditEvents.id, row?.id ?? '')),
    ).rejects.toThrow();
    await expect(t.database.db.execute(sql`TRUNCATE audit_events`)).rejects.toThrow();
    const [still] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.id, row?.id ?? ''));
    expect(still?.action).toBe(row?.action);
  });

  it('has no API that edits or deletes it', () => {
    const mutations = Object.keys(buildSchema().getMutationType()?.getFields() ?? {});
    expect(mutations.filter((name) => /audit/i.test(name))).toEqual([]);
  });

  it("is browsed by the hospital's admins, filtered and paged, and by nobody else", async () => {
    const trail = `query ($o: ID!, $f: AuditFilter, $first: Int, $after: String) {
      auditTrail(organizationId: $o, filter: $f, first: $first, after: $after) {
        events { action actorName role correlationId } nextCursor } }`;
    const lookups = await t.gql<{
      auditTrail: { events: { action: string; actorName: string }[]; nextCursor: string | null };
    }>(
      trail,
      { o: hospital, f: { action: 'patient.lookup' }, first: 1 },
      { authorization: `Bearer ${adminToken}` },
    );
    expect(lookups.errors).toBeUndefined();
    const page1 = lookups.data?.auditTrail;
    expect(page1?.events).toHaveLength(1);
    expect(page1?.events[0]).toMatchObject({ action: 'patient.lookup', role: 'receptionist' });
    expect(page1?.nextCursor).toBeTruthy();
    const page2 = await t.gql<{ auditTrail: { events: { correlationId: string }[] } }>(
      trail,
      { o: hospital, f: { action: 'patient.lookup' }, first: 1, after: page1?.nextCursor },
      { authorization: `Bearer ${adminToken}` },
    );
    // Newest first: the second lookup, then the first.
    expect(page1?.events[0]).toMatchObject({ correlationId: 'corr-lookup-2' });
    expect(page2.data?.auditTrail.events).toEqual([
      expect.objectContaining({ correlationId: 'corr-lookup-1' }),
    ]);

    const refused = await t.gql(
      trail,
      { o: hospital },
      { authorization: `Bearer ${receptionistToken}` },
    );
    expect(refused.errors?.[0]?.message.split(':')[0]).toBe('ARO-E1210');
  });
});
