import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { FACTORY_STAFF_PASSWORD, authHeader, makeOrganization, makeStaffUser } from '../../../test/factories.ts';
import { auditEvents } from '../../db/schema/index.ts';
import { createAdminFromCommandLine } from '../staff/index.ts';

/*
 * issue 7 point 3: one audit row for each audited staff action, with who, role, hospital, action and
 * the correlation id, and none for a refused one.
 */

const SIGN_IN =
  'mutation ($e: String!, $p: String!) { staffSignIn(email: $e, password: $p) { token } }';
const CHANGE =
  'mutation ($c: String!, $n: String!) { staffChangePassword(currentPassword: $c, newPassword: $n) { id } }';
const CREATE = `mutation ($o: ID!, $i: CreateStaffUserInput!) {
  createStaffUser(organizationId: $o, input: $i) { user { id } } }`;
const SET_ROLES = `mutation ($o: ID!, $s: ID!, $r: [StaffRoleInput!]!) {
  setStaffRoles(organizationId: $o, staffUserId: $s, roles: $r) { id } }`;

let t: TestApp;
let tenantId: string;
let hospital: string;
let seq = 0;

/** The rows written under one correlation id. */
const rowsOf = (correlationId: string) =>
  t.database.db.select().from(auditEvents).where(eq(auditEvents.correlationId, correlationId));

/** A fresh correlation id, and the headers that send it (from a fresh address, clear of limits). */
function request(token?: string): { id: string; headers: Record<string, string> } {
  seq += 1;
  const id = `staff-audit-${seq}-${Date.now()}`;
  return {
    id,
    headers: {
      'x-correlation-id': id,
      'x-forwarded-for': `198.51.100.${seq}`,
      ...(token ? authHeader(token) : {}),
    },
  };
}

async function tokenFor(email: string, password = FACTORY_STAFF_PASSWORD): Promise<string> {
  const body = await t.gql<{ staffSignIn: { token: string } }>(
    SIGN_IN,
    { e: email, p: password },
    request().headers,
  );
  const token = body.data?.staffSignIn.token;
  if (!token) {
    throw new Error(JSON.stringify(body.errors));
  }
  return token;
}

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
  tenantId = t.tenants.defaultTenant.id;
  hospital = (await makeOrganization(t.database.db, tenantId)).id;
});

afterAll(async () => {
  await t.close();
});

describe('audit rows of staff actions', () => {
  it('staff sign-in: one row, tenant-wide, with who and the correlation id; a failed one none', async () => {
    const nurse = await makeStaffUser(t.database.db, tenantId, [
      { organizationId: hospital, role: 'nurse' },
    ]);
    const failed = request();
    const wrong = await t.gql(SIGN_IN, { e: nurse.email, p: 'not-the-password' }, failed.headers);
    expect(wrong.errors?.[0]?.message).toMatch(/^ARO-E1200:/);
    expect(await rowsOf(failed.id)).toEqual([]);

    const ok = request();
    const signedIn = await t.gql(SIGN_IN, { e: nurse.email, p: FACTORY_STAFF_PASSWORD }, ok.headers);
    expect(signedIn.errors).toBeUndefined();
    const rows = await rowsOf(ok.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      tenantId,
      actorKind: 'staff',
      actorId: nurse.id,
      role: null,
      organizationId: null,
      action: 'staff.sign-in',
      patientAccountId: null,
      correlationId: ok.id,
    });
  });

  it('password change: one row with who and the correlation id; a refused change none', async () => {
    const user = await makeStaffUser(
      t.database.db,
      tenantId,
      [{ organizationId: hospital, role: 'cashier' }],
      { mustChangePassword: true },
    );
    const token = await tokenFor(user.email);
    const refused = request(token);
    const wrong = await t.gql(CHANGE, { c: 'wrong', n: 'a-new-password-2026' }, refused.headers);
    expect(wrong.errors?.[0]?.message).toMatch(/^ARO-E1204:/);
    expect(await rowsOf(refused.id)).toEqual([]);

    const ok = request(token);
    const changed = await t.gql(
      CHANGE,
      { c: FACTORY_STAFF_PASSWORD, n: 'a-new-password-2026' },
      ok.headers,
    );
    expect(changed.errors).toBeUndefined();
    const rows = await rowsOf(ok.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      tenantId,
      actorKind: 'staff',
      actorId: user.id,
      role: null,
      organizationId: null,
      action: 'staff.password-change',
      correlationId: ok.id,
    });
  });

  it('createStaffUser and setStaffRoles: one row each, as the admin in the hospital', async () => {
    const admin = await makeStaffUser(t.database.db, tenantId, [
      { organizationId: hospital, role: 'admin' },
    ]);
    const token = await tokenFor(admin.email);

    const create = request(token);
    const created = await t.gql<{ createStaffUser: { user: { id: string } } }>(
      CREATE,
      {
        o: hospital,
        i: { email: `audited-${seq}@hospital.test`, displayName: 'Audited', roles: [{ role: 'nurse' }] },
      },
      create.headers,
    );
    expect(created.errors).toBeUndefined();
    const newId = created.data?.createStaffUser.user.id ?? '';
    const createRows = await rowsOf(create.id);
    expect(createRows).toHaveLength(1);
    expect(createRows[0]).toMatchObject({
      tenantId,
      actorKind: 'staff',
      actorId: admin.id,
      role: 'admin',
      organizationId: hospital,
      action: 'staff.create',
      correlationId: create.id,
      details: { staffUserId: newId, roles: ['nurse'] },
    });

    const roles = request(token);
    const set = await t.gql(
      SET_ROLES,
      { o: hospital, s: newId, r: [{ role: 'nurse' }, { role: 'cashier' }] },
      roles.headers,
    );
    expect(set.errors).toBeUndefined();
    const roleRows = await rowsOf(roles.id);
    expect(roleRows).toHaveLength(1);
    expect(roleRows[0]).toMatchObject({
      tenantId,
      actorKind: 'staff',
      actorId: admin.id,
      role: 'admin',
      organizationId: hospital,
      action: 'staff.roles',
      correlationId: roles.id,
      details: { staffUserId: newId, roles: ['nurse', 'cashier'] },
    });

    // Refused: an admin removing their own admin role, and a receptionist creating a user.
    const own = request(token);
    const removeOwn = await t.gql(SET_ROLES, { o: hospital, s: admin.id, r: [{ role: 'nurse' }] }, own.headers);
    expect(removeOwn.errors?.[0]?.message).toMatch(/^ARO-E1205:/);
    expect(await rowsOf(own.id)).toEqual([]);
    const receptionist = await makeStaffUser(t.database.db, tenantId, [
      { organizationId: hospital, role: 'receptionist' },
    ]);
    const denied = request(await tokenFor(receptionist.email));
    const notAllowed = await t.gql(
      CREATE,
      { o: hospital, i: { email: `denied-${seq}@hospital.test`, displayName: 'Denied', roles: [{ role: 'nurse' }] } },
      denied.headers,
    );
    expect(notAllowed.errors?.[0]?.message).toMatch(/^ARO-E1210:/);
    expect(await rowsOf(denied.id)).toEqual([]);
  });

  it('npm run staff:create-admin: one row per hospital, under one correlation id per run', async () => {
    const first = await makeOrganization(t.database.db, tenantId, { name: `Audit One ${seq}` });
    const second = await makeOrganization(t.database.db, tenantId, { name: `Audit Two ${seq}` });
    const created = await createAdminFromCommandLine(t.database.db, {
      tenantId,
      email: `first-admin-${seq}@hospital.test`,
      displayName: 'First Admin',
      hospitals: [first.id, second.name],
    });
    expect(created.correlationId).toMatch(/^command-line:[0-9a-f-]{36}$/);
    const rows = await rowsOf(created.correlationId);
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row).toMatchObject({
        tenantId,
        actorKind: 'staff',
        actorId: created.staffUserId,
        role: null,
        action: 'staff.create-admin',
        correlationId: created.correlationId,
        details: { email: `first-admin-${seq}@hospital.test` },
      });
    }
    expect(rows.map((row) => row.organizationId).sort()).toEqual([first.id, second.id].sort());

    // Each run is its own correlation id; a refused run (the email exists) writes nothing.
    const again = await createAdminFromCommandLine(t.database.db, {
      tenantId,
      email: `second-admin-${seq}@hospital.test`,
      displayName: 'Second Admin',
      hospitals: [first.id],
    });
    expect(again.correlationId).not.toBe(created.correlationId);
    expect(await rowsOf(again.correlationId)).toHaveLength(1);
    const before = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'staff.create-admin'));
    await expect(
      createAdminFromCommandLine(t.database.db, {
        tenantId,
        email: `first-admin-${seq}@hospital.test`,
        displayName: 'Twice',
        hospitals: [],
      }),
    ).rejects.toThrow('already exists');
    const after = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'staff.create-admin'));
    expect(after).toHaveLength(before.length);
  });
});
