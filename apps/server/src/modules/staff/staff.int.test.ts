import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  FACTORY_STAFF_PASSWORD,
  makeOrganization,
  makePatientAccount,
  makeStaffUser,
} from '../../../test/factories.ts';
import { staffAccessSessions, staffUsers } from '../../db/schema/index.ts';
import { signIn as patientSignIn } from '../auth/auth.testing.ts';
import {
  STAFF_ACCESS_SESSION_ABSOLUTE_MS,
  STAFF_ACCESS_SESSION_IDLE_MS,
  resolveStaffToken,
} from './staff.access-sessions.ts';
import { insertStaffSignInFailure } from './staff.repo.ts';
import {
  STAFF_EMAIL_WINDOW_MS,
  STAFF_FAILURE_WINDOW_MS,
  STAFF_MAX_FAILURES_PER_ADDRESS,
  STAFF_MAX_FAILURES_PER_CLIENT,
  STAFF_SLOW_AFTER_FAILURES_PER_EMAIL,
  staffSignIn,
} from './staff.service.ts';

type Gql = { data: Record<string, unknown> | null; errors?: { message: string }[] };

const SIGN_IN = `mutation ($e: String!, $p: String!) {
  staffSignIn(email: $e, password: $p) { token staff { id email mustChangePassword memberships { role organizationName } } }
}`;
const ME = '{ staffMe { id email mustChangePassword } }';

let t: TestApp;
let tenantId: string;
let orgId: string;

const code = (result: { errors?: { message: string }[] }): string | undefined =>
  result.errors?.[0]?.message.split(':')[0];

async function signInAs(email: string, password: string, ip = '198.51.100.1'): Promise<Gql> {
  return t.gql(SIGN_IN, { e: email, p: password }, { 'x-forwarded-for': ip });
}

async function tokenFor(email: string, password = FACTORY_STAFF_PASSWORD): Promise<string> {
  const result = await signInAs(email, password);
  const token = (result.data?.staffSignIn as { token?: string } | undefined)?.token;
  if (!token) {
    throw new Error(`staff sign-in failed: ${JSON.stringify(result.errors)}`);
  }
  return token;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
  tenantId = t.tenants.defaultTenant.id;
  orgId = (await makeOrganization(t.database.db, tenantId)).id;
});

afterAll(async () => {
  await t.close();
});

describe('staff sign-in', () => {
  it('signs in with email and password, case-insensitively, and stores only an argon2id hash', async () => {
    const user = await makeStaffUser(t.database.db, tenantId, [
      { organizationId: orgId, role: 'nurse' },
    ]);
    const result = await signInAs(`  ${user.email.toUpperCase()} `, FACTORY_STAFF_PASSWORD);
    expect(result.errors).toBeUndefined();
    const data = result.data?.staffSignIn as {
      token: string;
      staff: { email: string; memberships: unknown[] };
    };
    expect(data.token.startsWith('stf_')).toBe(true);
    expect(data.staff.email).toBe(user.email);
    expect(data.staff.memberships).toHaveLength(1);
    expect(data.staff.memberships[0]).toMatchObject({ role: 'nurse' });
    const [stored] = await t.database.db
      .select()
      .from(staffUsers)
      .where(eq(staffUsers.id, user.id));
    expect(stored?.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(stored?.passwordHash).not.toContain(FACTORY_STAFF_PASSWORD);
    const sessions = await t.database.db
      .select()
      .from(staffAccessSessions)
      .where(eq(staffAccessSessions.staffUserId, user.id));
    expect(sessions.map((s) => s.tokenHash)).not.toContain(data.token);
  });

  it('answers a wrong password and an unknown email with the same error', async () => {
    const user = await makeStaffUser(t.database.db, tenantId, [
      { organizationId: orgId, role: 'nurse' },
    ]);
    const wrong = await signInAs(user.email, 'not-the-password', '198.51.100.2');
    const unknown = await signInAs('nobody@hospital.test', FACTORY_STAFF_PASSWORD, '198.51.100.2');
    expect(wrong.errors?.[0]?.message).toBe('ARO-E1200:The email or password is not correct');
    expect(unknown.errors?.[0]?.message).toBe(wrong.errors?.[0]?.message);
  });

  // issue 31 §6.16: failures count per email and client; a stranger's lock is the stranger's own.
  it("a stranger's wrong passwords from one address do not lock the member out on another", async () => {
    const user = await makeStaffUser(t.database.db, tenantId, [
      { organizationId: orgId, role: 'nurse' },
    ]);
    for (let i = 0; i < STAFF_MAX_FAILURES_PER_CLIENT + 3; i += 1) {
      expect(code(await signInAs(user.email, `wrong-${i}`, '203.0.113.66'))).toBe(
        i < STAFF_MAX_FAILURES_PER_CLIENT ? 'ARO-E1200' : 'ARO-E1100',
      );
    }
    expect(code(await signInAs(user.email, FACTORY_STAFF_PASSWORD, '198.51.100.77'))).toBeUndefined();
  });

  it('locks an email for the client that guessed it too often, even with the right password, and only that email', async () => {
    const user = await makeStaffUser(t.database.db, tenantId, [
      { organizationId: orgId, role: 'nurse' },
    ]);
    const colleague = await makeStaffUser(t.database.db, tenantId, [
      { organizationId: orgId, role: 'nurse' },
    ]);
    for (let i = 0; i < STAFF_MAX_FAILURES_PER_CLIENT; i += 1) {
      expect(code(await signInAs(user.email, `wrong-${i}`, '203.0.113.67'))).toBe('ARO-E1200');
    }
    expect(code(await signInAs(user.email, FACTORY_STAFF_PASSWORD, '203.0.113.67'))).toBe('ARO-E1100');
    // The same desk still signs the colleague in: the pair is locked, not the address.
    expect(code(await signInAs(colleague.email, FACTORY_STAFF_PASSWORD, '203.0.113.67'))).toBeUndefined();
  });

  it('counts an IPv6 client by its /64: another address of the same /64 is the same client', async () => {
    const user = await makeStaffUser(t.database.db, tenantId, [
      { organizationId: orgId, role: 'nurse' },
    ]);
    for (let i = 0; i < STAFF_MAX_FAILURES_PER_CLIENT; i += 1) {
      await signInAs(user.email, `wrong-${i}`, `2001:db8:1:2::${i + 1}`);
    }
    expect(code(await signInAs(user.email, FACTORY_STAFF_PASSWORD, '2001:db8:1:2:ffff::9'))).toBe('ARO-E1100');
    expect(code(await signInAs(user.email, FACTORY_STAFF_PASSWORD, '2001:db8:1:3::1'))).toBeUndefined();
  });

  it('parallel guesses from one client cannot pass its limit together: each is counted before its hash is checked', async () => {
    const user = await makeStaffUser(t.database.db, tenantId, [
      { organizationId: orgId, role: 'nurse' },
    ]);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signInAs(user.email, `burst-${i}`, '203.0.114.1')),
    );
    const codes = answers.map(code);
    expect(codes.filter((c) => c === 'ARO-E1200')).toHaveLength(STAFF_MAX_FAILURES_PER_CLIENT);
    expect(codes.filter((c) => c === 'ARO-E1100')).toHaveLength(20 - STAFF_MAX_FAILURES_PER_CLIENT);
    expect(code(await signInAs(user.email, FACTORY_STAFF_PASSWORD, '203.0.114.1'))).toBe('ARO-E1100');
    expect(code(await signInAs(user.email, FACTORY_STAFF_PASSWORD, '203.0.114.200'))).toBeUndefined();
  });

  describe('the per-email cap slows guessing from many addresses, and never locks the member out', () => {
    const warnings: unknown[] = [];
    const log = { warn: (...args: unknown[]) => void warnings.push(args) };
    const deps = (clientIp: string) => ({ db: t.database.db, tenantId, correlationId: 'staff-int', clientIp, log });
    const attempt = async (email: string, password: string, clientIp: string, at: Date): Promise<string | undefined> => {
      try {
        await staffSignIn(deps(clientIp), { email, password }, at);
        return undefined;
      } catch (error) {
        return (error as Error).message.split(':')[0];
      }
    };
    /** The day's failures of an email from many addresses, each under its own client limit. */
    async function spendEmailCap(email: string, at: Date, prefix: string): Promise<void> {
      for (let i = 0; i < STAFF_SLOW_AFTER_FAILURES_PER_EMAIL; i += 1) {
        await insertStaffSignInFailure(t.database.db, {
          tenantId,
          email,
          clientIp: `${prefix}.${Math.floor(i / STAFF_MAX_FAILURES_PER_CLIENT) + 1}`,
          at: new Date(at.getTime() - (i + 1) * 60_000),
        });
      }
    }

    it('past the cap, each client gets one wrong password per window instead of five; the member still signs in at once', async () => {
      const user = await makeStaffUser(t.database.db, tenantId, [
        { organizationId: orgId, role: 'nurse' },
      ]);
      const now = new Date();
      await spendEmailCap(user.email, now, '10.1.0');
      // A new address of the stranger: one wrong password, then refused (not the usual five).
      expect(await attempt(user.email, 'guess-1', '10.1.9.1', now)).toBe('ARO-E1200');
      expect(await attempt(user.email, 'guess-2', '10.1.9.1', now)).toBe('ARO-E1100');
      // The member, on an address with no failure for the email, is not kept out.
      expect(await attempt(user.email, FACTORY_STAFF_PASSWORD, '10.2.0.1', now)).toBeUndefined();
      // A member who mistypes once tries again once the client's window has passed.
      expect(await attempt(user.email, 'typo', '10.2.0.2', now)).toBe('ARO-E1200');
      expect(await attempt(user.email, FACTORY_STAFF_PASSWORD, '10.2.0.2', now)).toBe('ARO-E1100');
      const later = new Date(now.getTime() + STAFF_FAILURE_WINDOW_MS);
      expect(await attempt(user.email, FACTORY_STAFF_PASSWORD, '10.2.0.2', later)).toBeUndefined();
    });

    it('below the cap, or once the day has passed, a client gets its five again', async () => {
      const user = await makeStaffUser(t.database.db, tenantId, [
        { organizationId: orgId, role: 'nurse' },
      ]);
      const then = new Date(Date.now() - STAFF_EMAIL_WINDOW_MS);
      await spendEmailCap(user.email, then, '10.3.0');
      const now = new Date();
      for (let i = 0; i < STAFF_MAX_FAILURES_PER_CLIENT; i += 1) {
        expect(await attempt(user.email, `guess-${i}`, '10.3.9.1', now)).toBe('ARO-E1200');
      }
      expect(await attempt(user.email, 'guess-5', '10.3.9.1', now)).toBe('ARO-E1100');
    });

    it('guesses arriving together at the cap are slowed together: the one that reaches it is the last at the usual pace', async () => {
      const user = await makeStaffUser(t.database.db, tenantId, [
        { organizationId: orgId, role: 'nurse' },
      ]);
      const now = new Date();
      await spendEmailCap(user.email, now, '10.4.0');
      // Give one failure back: the email is one below the cap.
      await t.database.db.execute(
        sql`delete from staff_sign_in_failures where id = (select id from staff_sign_in_failures where email = ${user.email} limit 1)`,
      );
      warnings.length = 0;
      const codes = await Promise.all(
        Array.from({ length: 10 }, (_, i) => attempt(user.email, `burst-${i}`, '10.4.9.1', now)),
      );
      expect(codes.filter((c) => c === 'ARO-E1200')).toHaveLength(1);
      expect(codes.filter((c) => c === 'ARO-E1100')).toHaveLength(9);
      // The operator hears of it once: someone is guessing this email from many addresses.
      expect(warnings).toEqual([
        [
          { tenantId, email: user.email, failures: STAFF_SLOW_AFTER_FAILURES_PER_EMAIL },
          'staff sign-in: an email reached its daily failure cap; guessing it is slowed',
        ],
      ]);
    });
  });

  it('a right password is not counted as a failure', async () => {
    const user = await makeStaffUser(t.database.db, tenantId, [
      { organizationId: orgId, role: 'nurse' },
    ]);
    for (let i = 0; i < STAFF_MAX_FAILURES_PER_CLIENT + 2; i += 1) {
      expect(code(await signInAs(user.email, FACTORY_STAFF_PASSWORD, '203.0.115.1'))).toBeUndefined();
    }
  });

  it('refuses an address that guessed too often, for every account, while others still sign in', async () => {
    const victim = await makeStaffUser(t.database.db, tenantId, [
      { organizationId: orgId, role: 'nurse' },
    ]);
    for (let i = 0; i < STAFF_MAX_FAILURES_PER_ADDRESS; i += 1) {
      await signInAs(`guess-${i}@hospital.test`, 'wrong', '192.0.2.77');
    }
    expect(code(await signInAs(victim.email, FACTORY_STAFF_PASSWORD, '192.0.2.77'))).toBe(
      'ARO-E1100',
    );
    expect(
      code(await signInAs(victim.email, FACTORY_STAFF_PASSWORD, '192.0.2.78')),
    ).toBeUndefined();
  });

  it('refuses a batch of password guesses aliased into one request, counting nothing', async () => {
    const user = await makeStaffUser(t.database.db, tenantId, [
      { organizationId: orgId, role: 'nurse' },
    ]);
    const aliases = Array.from(
      { length: 20 },
      (_, i) => `a${i}: staffSignIn(email: "${user.email}", password: "guess-${i}") { token }`,
    ).join('\n');
    const result = await t.gql(`mutation { ${aliases} }`);
    expect(result.data).toBeFalsy();
    expect(code(result)).toBe('ARO-E2002');
    expect(code(await signInAs(user.email, FACTORY_STAFF_PASSWORD, '192.0.2.90'))).toBeUndefined();
  });

  it('refuses a disabled user', async () => {
    const user = await makeStaffUser(
      t.database.db,
      tenantId,
      [{ organizationId: orgId, role: 'nurse' }],
      {
        disabledAt: new Date(),
      },
    );
    expect(code(await signInAs(user.email, FACTORY_STAFF_PASSWORD, '192.0.2.91'))).toBe(
      'ARO-E1200',
    );
  });
});

describe('staff sessions', () => {
  it('end after the idle time, after the absolute time, and at sign-out', async () => {
    const user = await makeStaffUser(t.database.db, tenantId, [
      { organizationId: orgId, role: 'cashier' },
    ]);
    const token = await tokenFor(user.email);
    const now = Date.now();
    expect(
      await resolveStaffToken(t.database.db, tenantId, token, new Date(now + 60_000)),
    ).not.toBeNull();
    expect(
      await resolveStaffToken(
        t.database.db,
        tenantId,
        token,
        new Date(now + 60_000 + STAFF_ACCESS_SESSION_IDLE_MS + 1000),
      ),
    ).toBeNull();
    // Used every hour, it still ends at the absolute limit.
    let at = now;
    while (at + STAFF_ACCESS_SESSION_IDLE_MS / 2 < now + STAFF_ACCESS_SESSION_ABSOLUTE_MS) {
      at += STAFF_ACCESS_SESSION_IDLE_MS / 2;
      expect(await resolveStaffToken(t.database.db, tenantId, token, new Date(at))).not.toBeNull();
    }
    expect(
      await resolveStaffToken(
        t.database.db,
        tenantId,
        token,
        new Date(now + STAFF_ACCESS_SESSION_ABSOLUTE_MS + 1000),
      ),
    ).toBeNull();

    const fresh = await tokenFor(user.email);
    expect(code(await t.gql(ME, {}, bearer(fresh)))).toBeUndefined();
    expect((await t.gql('mutation { staffSignOut }', {}, bearer(fresh))).data).toEqual({
      staffSignOut: true,
    });
    expect(code(await t.gql(ME, {}, bearer(fresh)))).toBe('ARO-E1022');
  });

  it('are not valid on another tenant', async () => {
    const user = await makeStaffUser(t.database.db, tenantId, [
      { organizationId: orgId, role: 'cashier' },
    ]);
    const token = await tokenFor(user.email);
    const other = await t.gql(ME, {}, { ...bearer(token), host: 'first.localhost' });
    expect(code(other)).toBe('ARO-E1022');
  });
});

describe('temporary passwords', () => {
  it('must be changed before anything else, and the change ends the other sessions', async () => {
    const user = await makeStaffUser(
      t.database.db,
      tenantId,
      [{ organizationId: orgId, role: 'admin' }],
      {
        mustChangePassword: true,
      },
    );
    const token = await tokenFor(user.email);
    const other = await tokenFor(user.email);
    const me = await t.gql(ME, {}, bearer(token));
    expect(me.data).toEqual({
      staffMe: { id: user.id, email: user.email, mustChangePassword: true },
    });
    const list = `query ($o: ID!) { staffUsers(organizationId: $o) { id } }`;
    expect(code(await t.gql(list, { o: orgId }, bearer(token)))).toBe('ARO-E1201');

    const change = `mutation ($c: String!, $n: String!) { staffChangePassword(currentPassword: $c, newPassword: $n) { mustChangePassword } }`;
    expect(code(await t.gql(change, { c: 'wrong', n: 'a-new-password-2026' }, bearer(token)))).toBe(
      'ARO-E1204',
    );
    const weak = await t.gql(change, { c: FACTORY_STAFF_PASSWORD, n: 'short' }, bearer(token));
    expect(weak.errors?.[0]?.message).toBe(
      'ARO-E1202:Choose another password: Use at least 12 characters',
    );
    const same = await t.gql(
      change,
      { c: FACTORY_STAFF_PASSWORD, n: FACTORY_STAFF_PASSWORD },
      bearer(token),
    );
    expect(code(same)).toBe('ARO-E1202');

    const done = await t.gql(
      change,
      { c: FACTORY_STAFF_PASSWORD, n: 'a-new-password-2026' },
      bearer(token),
    );
    expect(done.data).toEqual({ staffChangePassword: { mustChangePassword: false } });
    expect(code(await t.gql(list, { o: orgId }, bearer(token)))).toBeUndefined();
    expect(code(await t.gql(ME, {}, bearer(other)))).toBe('ARO-E1022');
    expect(code(await signInAs(user.email, FACTORY_STAFF_PASSWORD, '192.0.2.92'))).toBe(
      'ARO-E1200',
    );
    expect(code(await signInAs(user.email, 'a-new-password-2026', '192.0.2.92'))).toBeUndefined();
  });
});

describe('patients and staff never share a viewer', () => {
  it('a patient token cannot call a staff operation, nor a staff token a patient one', async () => {
    const { account } = await makePatientAccount(t.database.db, tenantId);
    const patientToken = await patientSignIn(t, account.mobileNo);
    const staffUser = await makeStaffUser(t.database.db, tenantId, [
      { organizationId: orgId, role: 'admin' },
    ]);
    const staffToken = await tokenFor(staffUser.email);

    expect(code(await t.gql(ME, {}, bearer(patientToken)))).toBe('ARO-E1023');
    const lookup = `query ($o: ID!, $m: String!) { staffPatientLookup(organizationId: $o, mobileNo: $m) { id } }`;
    expect(code(await t.gql(lookup, { o: orgId, m: account.mobileNo }, bearer(patientToken)))).toBe(
      'ARO-E1023',
    );
    const profile = '{ queryOneProfile { id } }';
    expect(code(await t.gql(profile, {}, bearer(staffToken)))).toBe('ARO-E1023');
    expect(code(await t.gql(profile, {}, bearer(patientToken)))).toBeUndefined();
  });
});

describe('what a membership allows (the console shows only that)', () => {
  it("lists each role's policy actions from the policy tables", async () => {
    const user = await makeStaffUser(t.database.db, tenantId, [
      { organizationId: orgId, role: 'admin' },
      { organizationId: orgId, role: 'receptionist' },
    ]);
    const token = await tokenFor(user.email);
    const result = await t.gql(
      '{ staffMe { memberships { role allowedActions } } }',
      {},
      bearer(token),
    );
    expect(result.errors).toBeUndefined();
    const memberships = (
      result.data?.staffMe as { memberships: { role: string; allowedActions: string[] }[] }
    ).memberships;
    const byRole = Object.fromEntries(memberships.map((m) => [m.role, [...m.allowedActions].sort()]));
    expect(byRole.admin).toEqual([
      'audit.browse',
      'chat.read',
      'chat.work',
      'displays.manage',
      'labReports.images',
      'labReports.read',
      'labReports.settings',
      'labReports.work',
      'orders.estimatedTime',
      'orders.read',
      'orders.sampleCollection',
      'orders.work',
      'patients.lookup',
      'patients.walkIn',
      'payments.cash',
      'payments.list',
      'payments.orderCash',
      'payments.reconcile',
      'practitioners.list',
      'practitioners.photo',
      'questionnaires.define',
      'questionnaires.read',
      'questionnaires.responses',
      'refunds.decide',
      'refunds.list',
      'sessions.bookAtDesk',
      'sessions.confirmTokens',
      'sessions.list',
      'sessions.manage',
      'sessions.queue',
      'sessions.run',
      'staff.users.create',
      'staff.users.list',
      'staff.users.setRoles',
    ]);
    expect(byRole.receptionist).toEqual([
      'chat.read',
      'chat.work',
      'patients.lookup',
      'patients.walkIn',
      'sessions.bookAtDesk',
      'sessions.confirmTokens',
      'sessions.list',
      'sessions.manage',
      'sessions.queue',
      'sessions.run',
    ]);
  });
});
