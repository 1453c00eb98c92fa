import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  FACTORY_STAFF_PASSWORD,
  authHeader,
  makeOrganization,
  makePatientAccount,
  makeStaffUser,
  signInStaff,
} from '../../../test/factories.ts';
import { auditEvents } from '../../db/schema/index.ts';
import { buildSchema } from '../../graphql/schema.ts';
import { signIn as patientSignIn } from '../auth/auth.testing.ts';
import { recordAudit } from './audit.service.ts';

let t: TestApp;
let tenantId: string;
let hospital: string;
let adminToken: string;
let adminId: string;
let receptionistToken: string;
let receptionistId: string;

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
  adminToken = await signInStaff(t, admin.email);
  receptionistToken = await signInStaff(t, receptionist.email);
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
      authHeader(adminToken),
    );
    expect(first.errors).toBeUndefined();
    const afterFirst = await auditCount();
    const second = await t.gql(
      create,
      { o: hospital, i: input },
      authHeader(adminToken),
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

  it('has no API that edits or deletes it: only the auditTrail query touches its types', () => {
    const schema = buildSchema();
    const auditTypes = new Set(['AuditEvent', 'AuditPage', 'AuditFilter']);
    for (const name of auditTypes) {
      expect(schema.getType(name), name).toBeDefined();
    }
    // Every type a root field reaches through its arguments and its result, recursively. (Duck-typed:
    // the schema's graphql module is not necessarily the one this file would import.)
    type Typed = { name?: string; ofType?: Typed; getFields?: () => Record<string, Field>; getTypes?: () => Typed[] };
    type Field = { name: string; type: Typed; args?: { type: Typed }[] };
    const named = (type: Typed): Typed => (type.ofType ? named(type.ofType) : type);
    const reached = (field: Field): Set<string> => {
      const seen = new Set<string>();
      const visit = (wrapped: Typed): void => {
        const type = named(wrapped);
        if (!type.name || seen.has(type.name)) {
          return;
        }
        seen.add(type.name);
        for (const child of Object.values(type.getFields?.() ?? {})) {
          visit(child.type);
          child.args?.forEach((arg) => visit(arg.type));
        }
        type.getTypes?.().forEach(visit);
      };
      visit(field.type);
      field.args?.forEach((arg) => visit(arg.type));
      return seen;
    };
    const touching: string[] = [];
    for (const root of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]) {
      for (const field of Object.values(root?.getFields() ?? {})) {
        const types = reached(field as unknown as Field);
        if (/audit/i.test(field.name) || [...auditTypes].some((name) => types.has(name))) {
          touching.push(`${root?.name ?? ''}.${field.name}`);
        }
      }
    }
    expect(touching).toEqual(['Query.auditTrail']);
    // The one read holds no id of its own rows among its arguments: it cannot address a row to change.
    const trail = schema.getQueryType()?.getFields().auditTrail;
    expect(trail?.args.map((arg) => arg.name).sort()).toEqual([
      'after',
      'filter',
      'first',
      'organizationId',
    ]);
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
      authHeader(adminToken),
    );
    expect(lookups.errors).toBeUndefined();
    const page1 = lookups.data?.auditTrail;
    expect(page1?.events).toHaveLength(1);
    expect(page1?.events[0]).toMatchObject({ action: 'patient.lookup', role: 'receptionist' });
    expect(page1?.nextCursor).toBeTruthy();
    const page2 = await t.gql<{ auditTrail: { events: { correlationId: string }[] } }>(
      trail,
      { o: hospital, f: { action: 'patient.lookup' }, first: 1, after: page1?.nextCursor },
      authHeader(adminToken),
    );
    // Newest first: the second lookup, then the first.
    expect(page1?.events[0]).toMatchObject({ correlationId: 'corr-lookup-2' });
    expect(page2.data?.auditTrail.events).toEqual([
      expect.objectContaining({ correlationId: 'corr-lookup-1' }),
    ]);

    const refused = await t.gql(
      trail,
      { o: hospital },
      authHeader(receptionistToken),
    );
    expect(refused.errors?.[0]?.message.split(':')[0]).toBe('ARO-E1210');
  });
});

const TRAIL = `query ($o: ID!, $f: AuditFilter, $first: Int) {
  auditTrail(organizationId: $o, filter: $f, first: $first) {
    events { id action actorKind actorId actorName role organizationId patientAccountId correlationId }
    nextCursor } }`;

type TrailEvent = {
  id: string;
  action: string;
  actorKind: string;
  actorId: string;
  actorName: string | null;
  role: string | null;
  organizationId: string | null;
  patientAccountId: string | null;
  correlationId: string;
};

async function trail(
  token: string,
  organizationId: string,
  filter: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  return t.gql<{ auditTrail: { events: TrailEvent[]; nextCursor: string | null } }>(
    TRAIL,
    { o: organizationId, f: filter, first: 100 },
    { authorization: `Bearer ${token}`, ...headers },
  );
}

describe('tenant-wide rows of the trail', () => {
  it("shows an admin the tenant's rows without a hospital (sign-ins, password changes, patients' account changes) alongside the hospital's", async () => {
    // A staff sign-in (tenant-wide: a member signs in to the tenant, not to one hospital).
    const nurse = await makeStaffUser(t.database.db, tenantId, [
      { organizationId: hospital, role: 'nurse' },
    ]);
    const signedIn = await t.gql(
      'mutation ($e: String!, $p: String!) { staffSignIn(email: $e, password: $p) { token } }',
      { e: nurse.email, p: FACTORY_STAFF_PASSWORD },
      { 'x-correlation-id': 'corr-tenant-staff-sign-in' },
    );
    expect(signedIn.errors).toBeUndefined();
    // A patient's sign-in and language change (tenant-wide too).
    const { account } = await makePatientAccount(t.database.db, tenantId);
    const patientToken = await patientSignIn(t, account.mobileNo);
    const language = await t.gql(
      'mutation { setPreferredLanguage(language: ta) }',
      {},
      { authorization: `Bearer ${patientToken}`, 'x-correlation-id': 'corr-tenant-language' },
    );
    expect(language.errors).toBeUndefined();

    const signIns = await trail(adminToken, hospital, { action: 'staff.sign-in' });
    expect(signIns.errors).toBeUndefined();
    expect(signIns.data?.auditTrail.events).toContainEqual(
      expect.objectContaining({
        action: 'staff.sign-in',
        actorKind: 'staff',
        actorId: nurse.id,
        actorName: nurse.displayName,
        role: null,
        organizationId: null,
        correlationId: 'corr-tenant-staff-sign-in',
      }),
    );

    // An admin of another hospital of the same tenant sees the same tenant-wide rows, but not this
    // hospital's.
    const otherHospital = (await makeOrganization(t.database.db, tenantId)).id;
    const otherAdmin = await makeStaffUser(t.database.db, tenantId, [
      { organizationId: otherHospital, role: 'admin' },
    ]);
    const otherToken = await signInStaff(t, otherAdmin.email);
    const fromThere = await trail(otherToken, otherHospital);
    expect(fromThere.errors).toBeUndefined();
    const there = fromThere.data?.auditTrail.events ?? [];
    expect(there.map((e) => e.correlationId)).toEqual(
      expect.arrayContaining(['corr-tenant-staff-sign-in', 'corr-tenant-language']),
    );
    expect(there.filter((e) => e.organizationId !== null && e.organizationId !== otherHospital)).toEqual([]);
    expect(there.map((e) => e.action)).not.toContain('patient.lookup');
  });

  it('filters by staff member and by patient account, tenant-wide rows included', async () => {
    const byStaff = await trail(adminToken, hospital, { staffUserId: receptionistId });
    expect(byStaff.errors).toBeUndefined();
    const staffRows = byStaff.data?.auditTrail.events ?? [];
    // The receptionist's sign-in (tenant-wide) and lookups (this hospital), nobody else's.
    expect(new Set(staffRows.map((e) => e.action))).toEqual(new Set(['staff.sign-in', 'patient.lookup']));
    expect(staffRows.every((e) => e.actorKind === 'staff' && e.actorId === receptionistId)).toBe(true);

    const { account } = await makePatientAccount(t.database.db, tenantId, { hospitalId: hospital });
    const patientToken = await patientSignIn(t, account.mobileNo);
    const lookup = await t.gql(
      LOOKUP,
      { o: hospital, m: account.mobileNo },
      authHeader(receptionistToken),
    );
    expect(lookup.errors).toBeUndefined();
    expect((await t.gql('mutation { logout }', {}, authHeader(patientToken))).errors).toBeUndefined();
    const byPatient = await trail(adminToken, hospital, { patientAccountId: account.id });
    expect(byPatient.errors).toBeUndefined();
    const patientRows = byPatient.data?.auditTrail.events ?? [];
    expect(patientRows.map((e) => e.action).sort()).toEqual([
      'auth.sign-in',
      'auth.sign-out',
      'patient.lookup',
    ]);
    expect(patientRows.every((e) => e.patientAccountId === account.id)).toBe(true);

    // A patient's account id is not a staff member: the staff filter never matches patients' rows.
    expect((await trail(adminToken, hospital, { staffUserId: account.id })).data?.auditTrail.events).toEqual([]);
    // Both filters and the action filter together.
    const both = await trail(adminToken, hospital, {
      staffUserId: receptionistId,
      patientAccountId: account.id,
      action: 'patient.lookup',
    });
    expect(both.data?.auditTrail.events.map((e) => e.action)).toEqual(['patient.lookup']);
    // A malformed id is the client's mistake, answered as such.
    const bad = await trail(adminToken, hospital, { staffUserId: 'not-an-id' });
    expect(bad.errors?.[0]?.message).toBe('ARO-E2002:staffUserId must be an id');
  });

  it("never shows, names or reaches another tenant's rows", async () => {
    const other = t.tenants.resolve('first.localhost');
    expect(other.id).not.toBe(tenantId);
    const host = { host: 'first.localhost' };
    const theirHospital = (await makeOrganization(t.database.db, other.id)).id;
    const theirAdmin = await makeStaffUser(t.database.db, other.id, [
      { organizationId: theirHospital, role: 'admin' },
    ]);
    // Their staff sign-in and a lookup there, through their host.
    const theirSignIn = await t.gql<{ staffSignIn: { token: string } }>(
      'mutation ($e: String!, $p: String!) { staffSignIn(email: $e, password: $p) { token } }',
      { e: theirAdmin.email, p: FACTORY_STAFF_PASSWORD },
      { ...host, 'x-correlation-id': 'corr-other-tenant-sign-in' },
    );
    const theirToken = theirSignIn.data?.staffSignIn.token ?? '';
    expect(theirToken).not.toBe('');
    const theirPatient = await makePatientAccount(t.database.db, other.id, { hospitalId: theirHospital });
    const theirLookup = await t.gql(
      LOOKUP,
      { o: theirHospital, m: theirPatient.account.mobileNo },
      { authorization: `Bearer ${theirToken}`, ...host, 'x-correlation-id': 'corr-other-tenant-lookup' },
    );
    expect(theirLookup.errors).toBeUndefined();
    // Rows of theirs that name our hospital's id or our staff member: the tenant still decides.
    await recordAudit(t.database.db, {
      tenantId: other.id,
      actor: { kind: 'staff', staffUserId: adminId, role: 'admin', organizationId: hospital },
      action: 'patient.lookup',
      correlationId: 'corr-other-tenant-forged',
    });
    await recordAudit(t.database.db, {
      tenantId: other.id,
      actor: { kind: 'staff', staffUserId: adminId, role: null, organizationId: null },
      action: 'staff.sign-in',
      correlationId: 'corr-other-tenant-forged-name',
    });
    await recordAudit(t.database.db, {
      tenantId: other.id,
      actor: { kind: 'patient', accountId: theirPatient.account.id },
      action: 'auth.sign-in',
      correlationId: 'corr-other-tenant-patient',
    });

    const leaked = (events: TrailEvent[] | undefined) =>
      (events ?? []).filter((e) => e.correlationId.startsWith('corr-other-tenant'));
    const all = await trail(adminToken, hospital);
    expect(all.errors).toBeUndefined();
    expect(leaked(all.data?.auditTrail.events)).toEqual([]);
    for (const filter of [
      { staffUserId: theirAdmin.id },
      { patientAccountId: theirPatient.account.id },
      { staffUserId: adminId, action: 'patient.lookup' },
      { action: 'staff.sign-in' },
      { action: 'auth.sign-in' },
    ]) {
      const page = await trail(adminToken, hospital, filter);
      expect(page.errors, JSON.stringify(filter)).toBeUndefined();
      expect(leaked(page.data?.auditTrail.events), JSON.stringify(filter)).toEqual([]);
    }
    expect(
      (await trail(adminToken, hospital, { staffUserId: theirAdmin.id })).data?.auditTrail.events,
    ).toEqual([]);
    // Their hospital's trail is not ours to ask for, and our token is nothing on their host.
    const theirs = await trail(adminToken, theirHospital);
    expect(theirs.errors?.[0]?.message.split(':')[0]).toBe('ARO-E2001');
    expect(theirs.data).toBeNull();
    const onTheirHost = await trail(adminToken, theirHospital, {}, host);
    expect(onTheirHost.errors?.[0]?.message.split(':')[0]).toBe('ARO-E1022');
    // And the other way round: their admin sees their rows and none of ours.
    const mine = (await trail(theirToken, theirHospital, {}, host)).data?.auditTrail.events ?? [];
    expect(mine.map((e) => e.correlationId)).toEqual(
      expect.arrayContaining(['corr-other-tenant-sign-in', 'corr-other-tenant-lookup']),
    );
    expect(mine.filter((e) => !e.correlationId.startsWith('corr-other-tenant'))).toEqual([]);
    // A row of theirs with our staff member's id as the actor is not given our member's name.
    const forged = mine.find((e) => e.correlationId === 'corr-other-tenant-forged-name');
    expect(forged).toMatchObject({ actorId: adminId, actorName: null });
  });
});
