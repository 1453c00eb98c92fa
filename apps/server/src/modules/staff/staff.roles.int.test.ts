import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  FACTORY_STAFF_PASSWORD,
  makeOrganization,
  makePractitioner,
  makeStaffUser,
} from '../../../test/factories.ts';
import { auditEvents, staffMemberships, staffUsers } from '../../db/schema/index.ts';

/*
 * The membership rules the staff console relies on (issue 7 point 2): a doctor account is linked to a
 * practitioner of the same hospital, an admin cannot take away their own admin role, and an admin of
 * one hospital cannot grant roles in another. Each refusal is a 'CODE:message' error and changes
 * nothing: no user, no membership, no audit row.
 */

type GqlError = { message: string };
type Gql = { data: Record<string, unknown> | null; errors?: GqlError[] };

const CREATE = `mutation ($o: ID!, $i: CreateStaffUserInput!) {
  createStaffUser(organizationId: $o, input: $i) {
    user { id email memberships { organizationId role practitionerId } }
  }
}`;
const SET_ROLES = `mutation ($o: ID!, $s: ID!, $r: [StaffRoleInput!]!) {
  setStaffRoles(organizationId: $o, staffUserId: $s, roles: $r) { id memberships { role practitionerId } }
}`;

let t: TestApp;
let tenantId: string;
let hospitalA: string;
let hospitalB: string;
let practitionerAtA: string;
let practitionerAtB: string;
let practitionerOfOtherTenant: string;
let adminA: { id: string; token: string };
let emailCounter = 0;

/** The error's 'CODE:message' string, checked to have that shape. */
function refusal(result: Gql): string {
  expect(result.data).toBeFalsy();
  const message = result.errors?.[0]?.message ?? '';
  expect(message).toMatch(/^ARO-E\d{4}:\S/);
  return message;
}

const codeOf = (result: Gql): string => refusal(result).split(':')[0] ?? '';

async function tokenFor(email: string): Promise<string> {
  const result = await t.gql<{ staffSignIn: { token: string } }>(
    'mutation ($e: String!, $p: String!) { staffSignIn(email: $e, password: $p) { token } }',
    { e: email, p: FACTORY_STAFF_PASSWORD },
  );
  const token = result.data?.staffSignIn.token;
  if (!token) {
    throw new Error(`staff sign-in failed: ${JSON.stringify(result.errors)}`);
  }
  return token;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const nextEmail = () => `roles-${(emailCounter += 1)}@hospital.test`;

async function createAs(
  token: string,
  organizationId: string,
  email: string,
  roles: { role: string; practitionerId?: string | null }[],
): Promise<Gql> {
  return t.gql(
    CREATE,
    { o: organizationId, i: { email, displayName: 'Roles Probe', roles } },
    bearer(token),
  );
}

async function userByEmail(email: string) {
  const [row] = await t.database.db.select().from(staffUsers).where(eq(staffUsers.email, email));
  return row;
}

async function membershipsOf(staffUserId: string) {
  const rows = await t.database.db
    .select({
      organizationId: staffMemberships.organizationId,
      role: staffMemberships.role,
      practitionerId: staffMemberships.practitionerId,
    })
    .from(staffMemberships)
    .where(eq(staffMemberships.staffUserId, staffUserId));
  return rows.sort((a, b) =>
    `${a.organizationId}${a.role}`.localeCompare(`${b.organizationId}${b.role}`),
  );
}

async function auditRowsBy(actorId: string, action: string) {
  return t.database.db
    .select({ id: auditEvents.id, details: auditEvents.details })
    .from(auditEvents)
    .where(and(eq(auditEvents.actorId, actorId), eq(auditEvents.action, action)));
}

beforeAll(async () => {
  t = await createTestApp();
  tenantId = t.tenants.defaultTenant.id;
  const db = t.database.db;
  hospitalA = (await makeOrganization(db, tenantId)).id;
  hospitalB = (await makeOrganization(db, tenantId)).id;
  practitionerAtA = (await makePractitioner(db, tenantId, hospitalA)).id;
  practitionerAtB = (await makePractitioner(db, tenantId, hospitalB)).id;
  const otherTenant = t.tenants.all().find((tenant) => tenant.id !== tenantId);
  if (!otherTenant) {
    throw new Error('the test app needs a second tenant');
  }
  const otherHospital = await makeOrganization(db, otherTenant.id);
  practitionerOfOtherTenant = (await makePractitioner(db, otherTenant.id, otherHospital.id)).id;
  const admin = await makeStaffUser(db, tenantId, [{ organizationId: hospitalA, role: 'admin' }]);
  adminA = { id: admin.id, token: await tokenFor(admin.email) };
});

afterAll(async () => {
  await t.close();
});

describe('a doctor account is linked to a practitioner of its hospital', () => {
  it('creates a doctor linked to a practitioner who works at the hospital', async () => {
    const email = nextEmail();
    const result = await createAs(adminA.token, hospitalA, email, [
      { role: 'doctor', practitionerId: practitionerAtA },
    ]);
    expect(result.errors).toBeUndefined();
    const user = await userByEmail(email);
    expect(user).toBeDefined();
    expect(await membershipsOf(user?.id ?? '')).toEqual([
      { organizationId: hospitalA, role: 'doctor', practitionerId: practitionerAtA },
    ]);
  });

  it.each([
    ['without a practitioner', () => undefined],
    ['with a null practitioner', () => null],
    ['with a practitioner of another hospital', () => practitionerAtB],
    ['with a practitioner of another tenant', () => practitionerOfOtherTenant],
    ['with an unknown practitioner', () => '00000000-0000-4000-8000-000000000000'],
  ])('refuses to create a doctor %s, and creates nothing', async (_case, practitioner) => {
    const email = nextEmail();
    const auditBefore = (await auditRowsBy(adminA.id, 'staff.create')).length;
    const result = await createAs(adminA.token, hospitalA, email, [
      { role: 'receptionist' },
      { role: 'doctor', practitionerId: practitioner() },
    ]);
    expect(refusal(result)).toBe('ARO-E2002:The request is not valid');
    expect(await userByEmail(email)).toBeUndefined();
    expect((await auditRowsBy(adminA.id, 'staff.create')).length).toBe(auditBefore);
  });

  it('refuses a practitioner on a role other than doctor', async () => {
    const email = nextEmail();
    const result = await createAs(adminA.token, hospitalA, email, [
      { role: 'nurse', practitionerId: practitionerAtA },
    ]);
    expect(codeOf(result)).toBe('ARO-E2002');
    expect(await userByEmail(email)).toBeUndefined();
  });

  it.each([
    ['without a practitioner', () => null],
    ['with a practitioner of another hospital', () => practitionerAtB],
    ['with a practitioner of another tenant', () => practitionerOfOtherTenant],
  ])(
    'refuses to make an existing user a doctor %s, and leaves the roles as they were',
    async (_case, practitioner) => {
      const nurse = await makeStaffUser(t.database.db, tenantId, [
        { organizationId: hospitalA, role: 'nurse' },
      ]);
      const before = await membershipsOf(nurse.id);
      const auditBefore = (await auditRowsBy(adminA.id, 'staff.roles')).length;
      const result = await t.gql(
        SET_ROLES,
        {
          o: hospitalA,
          s: nurse.id,
          r: [{ role: 'nurse' }, { role: 'doctor', practitionerId: practitioner() }],
        },
        bearer(adminA.token),
      );
      expect(refusal(result)).toBe('ARO-E2002:The request is not valid');
      expect(await membershipsOf(nurse.id)).toEqual(before);
      expect((await auditRowsBy(adminA.id, 'staff.roles')).length).toBe(auditBefore);
    },
  );

  it('makes an existing user a doctor of a practitioner who works at the hospital', async () => {
    const nurse = await makeStaffUser(t.database.db, tenantId, [
      { organizationId: hospitalA, role: 'nurse' },
    ]);
    const result = await t.gql(
      SET_ROLES,
      {
        o: hospitalA,
        s: nurse.id,
        r: [{ role: 'nurse' }, { role: 'doctor', practitionerId: practitionerAtA }],
      },
      bearer(adminA.token),
    );
    expect(result.errors).toBeUndefined();
    expect(await membershipsOf(nurse.id)).toEqual(
      [
        { organizationId: hospitalA, role: 'doctor', practitionerId: practitionerAtA },
        { organizationId: hospitalA, role: 'nurse', practitionerId: null },
      ].sort((a, b) =>
        `${a.organizationId}${a.role}`.localeCompare(`${b.organizationId}${b.role}`),
      ),
    );
  });
});

describe('an admin cannot remove their own admin role (ARO-E1205)', () => {
  it.each([
    ['to other roles', [{ role: 'receptionist' }]],
    ['to no role at all', []],
  ])('refuses a change of their own roles %s, and keeps them', async (_case, roles) => {
    const admin = await makeStaffUser(t.database.db, tenantId, [
      { organizationId: hospitalA, role: 'admin' },
      { organizationId: hospitalA, role: 'cashier' },
    ]);
    const token = await tokenFor(admin.email);
    const before = await membershipsOf(admin.id);
    const result = await t.gql(SET_ROLES, { o: hospitalA, s: admin.id, r: roles }, bearer(token));
    expect(refusal(result)).toBe('ARO-E1205:You cannot remove your own administrator role');
    expect(await membershipsOf(admin.id)).toEqual(before);
    expect(await auditRowsBy(admin.id, 'staff.roles')).toEqual([]);
  });

  it('lets an admin change their other roles while keeping admin', async () => {
    const admin = await makeStaffUser(t.database.db, tenantId, [
      { organizationId: hospitalA, role: 'admin' },
    ]);
    const token = await tokenFor(admin.email);
    const result = await t.gql(
      SET_ROLES,
      { o: hospitalA, s: admin.id, r: [{ role: 'admin' }, { role: 'receptionist' }] },
      bearer(token),
    );
    expect(result.errors).toBeUndefined();
    expect((await membershipsOf(admin.id)).map((m) => m.role).sort()).toEqual([
      'admin',
      'receptionist',
    ]);
  });

  it("another admin of the hospital may remove an admin's admin role", async () => {
    const other = await makeStaffUser(t.database.db, tenantId, [
      { organizationId: hospitalA, role: 'admin' },
    ]);
    const result = await t.gql(
      SET_ROLES,
      { o: hospitalA, s: other.id, r: [{ role: 'nurse' }] },
      bearer(adminA.token),
    );
    expect(result.errors).toBeUndefined();
    expect((await membershipsOf(other.id)).map((m) => m.role)).toEqual(['nurse']);
  });
});

describe('an admin of hospital A cannot grant roles in hospital B', () => {
  // A hospital the admin does not belong to answers as a missing one (E2001: its id reveals
  // nothing); one where the admin holds another role answers E1210.
  it("refuses to set roles at B for a user of A (ARO-E2001), and the user's roles stay", async () => {
    const nurse = await makeStaffUser(t.database.db, tenantId, [
      { organizationId: hospitalA, role: 'nurse' },
    ]);
    const result = await t.gql(
      SET_ROLES,
      { o: hospitalB, s: nurse.id, r: [{ role: 'admin' }] },
      bearer(adminA.token),
    );
    expect(codeOf(result)).toBe('ARO-E2001');
    expect(await membershipsOf(nurse.id)).toEqual([
      { organizationId: hospitalA, role: 'nurse', practitionerId: null },
    ]);
  });

  it('refuses the admin granting themself roles at B (ARO-E2001)', async () => {
    const result = await t.gql(
      SET_ROLES,
      { o: hospitalB, s: adminA.id, r: [{ role: 'admin' }] },
      bearer(adminA.token),
    );
    expect(codeOf(result)).toBe('ARO-E2001');
    expect(await membershipsOf(adminA.id)).toEqual([
      { organizationId: hospitalA, role: 'admin', practitionerId: null },
    ]);
  });

  it('refuses an admin of A who is a receptionist at B (ARO-E1210), for others and themself', async () => {
    const admin = await makeStaffUser(t.database.db, tenantId, [
      { organizationId: hospitalA, role: 'admin' },
      { organizationId: hospitalB, role: 'receptionist' },
    ]);
    const token = await tokenFor(admin.email);
    const colleague = await makeStaffUser(t.database.db, tenantId, [
      { organizationId: hospitalA, role: 'nurse' },
      { organizationId: hospitalB, role: 'nurse' },
    ]);
    const colleagueBefore = await membershipsOf(colleague.id);
    const adminBefore = await membershipsOf(admin.id);
    for (const target of [colleague.id, admin.id]) {
      const result = await t.gql(
        SET_ROLES,
        { o: hospitalB, s: target, r: [{ role: 'admin' }] },
        bearer(token),
      );
      expect(codeOf(result)).toBe('ARO-E1210');
    }
    expect(await membershipsOf(colleague.id)).toEqual(colleagueBefore);
    expect(await membershipsOf(admin.id)).toEqual(adminBefore);
    expect(await auditRowsBy(admin.id, 'staff.roles')).toEqual([]);
  });

  it('refuses to create a user at B (ARO-E2001), and creates nothing', async () => {
    const email = nextEmail();
    const result = await createAs(adminA.token, hospitalB, email, [{ role: 'receptionist' }]);
    expect(codeOf(result)).toBe('ARO-E2001');
    expect(await userByEmail(email)).toBeUndefined();
  });

  it('cannot reach a user who works only at B, even to grant roles at A (ARO-E2001)', async () => {
    const atB = await makeStaffUser(t.database.db, tenantId, [
      { organizationId: hospitalB, role: 'cashier' },
    ]);
    const result = await t.gql(
      SET_ROLES,
      { o: hospitalA, s: atB.id, r: [{ role: 'admin' }] },
      bearer(adminA.token),
    );
    expect(codeOf(result)).toBe('ARO-E2001');
    expect(await membershipsOf(atB.id)).toEqual([
      { organizationId: hospitalB, role: 'cashier', practitionerId: null },
    ]);
  });
});
