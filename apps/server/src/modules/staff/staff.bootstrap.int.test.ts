import { STAFF_ROLES } from '@careline/domain/staff';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { makeOrganization } from '../../../test/factories.ts';
import { staffUsers } from '../../db/schema/index.ts';
import { seedDemoIfEmpty } from '../../db/seed/seed.ts';
import {
  DEMO_GROUP_ADMIN_EMAIL,
  DEMO_STAFF_PASSWORD,
  demoStaffEmail,
  seedDemoStaffIfEmpty,
} from '../../db/seed/staff-seed.ts';
import { createAdminFromCommandLine } from './staff.bootstrap.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

const signIn = (email: string, password: string, host = 'localhost') =>
  t.gql<{ staffSignIn: { staff: { memberships: { role: string; organizationName: string }[] } } }>(
    'mutation ($e: String!, $p: String!) { staffSignIn(email: $e, password: $p) { staff { memberships { role organizationName } } } }',
    { e: email, p: password },
    { host },
  );

describe('demo staff', () => {
  it('creates no one in production, where their published password must never exist', async () => {
    await seedDemoIfEmpty(t.database.db, t.tenants, pino({ level: 'silent' }));
    const before = await t.database.db.select().from(staffUsers);
    expect(await seedDemoStaffIfEmpty(t.database.db, t.tenants, 'production')).toBe(0);
    expect(await t.database.db.select().from(staffUsers)).toEqual(before);
    expect(before.some((user) => user.email === DEMO_GROUP_ADMIN_EMAIL)).toBe(false);
  });

  it('seeds every role at every open demo hospital once, with the documented password', async () => {
    await seedDemoIfEmpty(t.database.db, t.tenants, pino({ level: 'silent' }));
    const first = await seedDemoStaffIfEmpty(t.database.db, t.tenants, 'development');
    expect(first).toBe(t.tenants.all().length * (1 + 3 * STAFF_ROLES.length));
    expect(await seedDemoStaffIfEmpty(t.database.db, t.tenants, 'development')).toBe(0);

    const admin = await signIn(DEMO_GROUP_ADMIN_EMAIL, DEMO_STAFF_PASSWORD);
    expect(admin.data?.staffSignIn.staff.memberships.map((m) => m.role)).toEqual([
      'admin',
      'admin',
      'admin',
    ]);
    const lab = await signIn(
      demoStaffEmail('labTechnician', 'Kandy'),
      DEMO_STAFF_PASSWORD,
      'first.localhost',
    );
    const memberships = lab.data?.staffSignIn.staff.memberships ?? [];
    expect(memberships.map((m) => m.role)).toEqual(['labTechnician']);
    expect(memberships[0]?.organizationName).toContain('Kandy');
  });
});

describe('npm run staff:create-admin', () => {
  it('creates an admin with a temporary password that must be changed, and refuses a second one', async () => {
    const tenantId = t.tenants.defaultTenant.id;
    const hospital = await makeOrganization(t.database.db, tenantId, { name: 'Bootstrap General' });
    const created = await createAdminFromCommandLine(t.database.db, {
      tenantId,
      email: 'Ops@Bootstrap.test',
      displayName: 'Ops Admin',
      hospitals: ['Bootstrap General'],
    });
    expect(created.hospitals).toEqual(['Bootstrap General']);
    expect(created.temporaryPassword).toMatch(/^[A-Za-z2-9]{16}$/);
    const [row] = await t.database.db
      .select()
      .from(staffUsers)
      .where(eq(staffUsers.id, created.staffUserId));
    expect(row).toMatchObject({ email: 'ops@bootstrap.test', mustChangePassword: true });

    const signedIn = await signIn('ops@bootstrap.test', created.temporaryPassword);
    expect(signedIn.data?.staffSignIn.staff.memberships).toEqual([
      { role: 'admin', organizationName: hospital.name },
    ]);
    await expect(
      createAdminFromCommandLine(t.database.db, {
        tenantId,
        email: 'ops@bootstrap.test',
        displayName: 'Again',
        hospitals: [],
      }),
    ).rejects.toThrow('already exists');
    await expect(
      createAdminFromCommandLine(t.database.db, {
        tenantId,
        email: 'x@y.test',
        displayName: 'X',
        hospitals: ['Nowhere'],
      }),
    ).rejects.toThrow("No active hospital 'Nowhere'");
  });
});
