import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { baseTenantConfig } from '@careline/domain/tenant';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  makeChargingScheme,
  makeOrganization,
  makePatientAccount,
  makePractitioner,
  makeSessionAppointment,
  makeSignedInStaff,
} from '../../../test/factories.ts';
import { accounts, auditEvents, invoices, loyaltyAccounts, loyaltyTransactions } from '../../db/schema/index.ts';
import { signIn } from '../auth/auth.testing.ts';
import { earnVisitPoints, type EarnVisitInput } from './loyalty.service.ts';

const settings = baseTenantConfig.loyalty;

let t: TestApp;
let tenantId: string;
let hospital: string;
let doctorId: string;
let schemeId: string;
let receptionistAuth: { authorization: string };

type Visit = { accountId: string; patientId: string; appointmentId: string; sessionId: string };

/** A visit of a fresh (or the given) profile in a session of its own, with the statuses asked for. */
async function makeVisit(options: {
  patient?: { accountId: string; patientId: string };
  appointmentStatus?: string;
  paymentStatus?: string;
  chargingSchemeId?: string | null;
  startTime?: Date;
  sessionStatus?: string;
} = {}): Promise<Visit> {
  const db = t.database.db;
  let owner: { accountId: string; patientId: string };
  if (options.patient) {
    owner = options.patient;
  } else {
    const made = await makePatientAccount(db, tenantId, { hospitalId: hospital });
    owner = { accountId: made.account.id, patientId: made.patient.id };
  }
  const { session, appointment } = await makeSessionAppointment(db, tenantId, { practitionerId: doctorId, organizationId: hospital }, owner, {
    session: {
      chargingSchemeId: options.chargingSchemeId === undefined ? schemeId : options.chargingSchemeId,
      ...(options.startTime ? { startTime: options.startTime } : {}),
      ...(options.sessionStatus ? { status: options.sessionStatus } : {}),
    },
    appointment: { appointmentStatus: options.appointmentStatus ?? 'fulfilled', paymentStatus: options.paymentStatus ?? 'paid' },
  });
  return { ...owner, appointmentId: appointment.id, sessionId: session.id };
}

function earnInput(visit: Visit, extra: Partial<EarnVisitInput> = {}): EarnVisitInput {
  return {
    tenantId,
    appointmentId: visit.appointmentId,
    actor: { kind: 'patient', accountId: visit.accountId },
    correlationId: randomUUID(),
    settings,
    ...extra,
  };
}

const earn = (input: EarnVisitInput) => t.database.db.transaction((tx) => earnVisitPoints(tx, input));

async function accountsOf(patientId: string) {
  return t.database.db.select().from(loyaltyAccounts).where(eq(loyaltyAccounts.patientId, patientId));
}

async function transactionsOf(patientId: string) {
  const rows = await t.database.db
    .select({ transaction: loyaltyTransactions })
    .from(loyaltyTransactions)
    .innerJoin(loyaltyAccounts, eq(loyaltyAccounts.id, loyaltyTransactions.loyaltyAccountId))
    .where(eq(loyaltyAccounts.patientId, patientId));
  return rows.map((row) => row.transaction);
}

beforeAll(async () => {
  t = await createTestApp();
  tenantId = t.tenants.defaultTenant.id;
  const db = t.database.db;
  hospital = (await makeOrganization(db, tenantId)).id;
  doctorId = (await makePractitioner(db, tenantId, hospital)).id;
  schemeId = (await makeChargingScheme(db, tenantId, hospital)).id;
  receptionistAuth = (await makeSignedInStaff(t, tenantId, [{ organizationId: hospital, role: 'receptionist' }])).auth;
});

afterAll(async () => {
  await t.close();
});

describe('earnVisitPoints (issue 8 §11)', () => {
  it('earns a fulfilled, paid visit floor(fees × 10 / 100) points once, opening the account, and audits it', async () => {
    const visit = await makeVisit();
    // 2,999.99 charged at 10 points per 100 → 299.999 → 299.
    expect(await earn(earnInput(visit))).toMatchObject({ points: 299 });
    expect(await earn(earnInput(visit))).toBeNull();
    const [account, ...more] = await accountsOf(visit.patientId);
    expect(more).toEqual([]);
    expect(account).toMatchObject({ tenantId, name: settings.name, rate: settings.rate, activePoints: 299 });
    const rows = await transactionsOf(visit.patientId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      reasonCode: 'visit',
      actor: `Account/${visit.accountId}`,
      items: [{ description: 'Completed visit', points: 299, appointmentId: visit.appointmentId }],
    });
    const audits = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'loyalty.earn'), eq(auditEvents.patientId, visit.patientId)));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.details).toMatchObject({ appointmentId: visit.appointmentId, points: 299, chargedAmount: 2999.99 });
  });

  it('earns once when called concurrently, and adds to the account the patient already has', async () => {
    const visit = await makeVisit();
    await t.database.db.insert(loyaltyAccounts).values({ tenantId, patientId: visit.patientId, name: 'Old Club', activePoints: 40, rate: 4 });
    const answers = await Promise.all(Array.from({ length: 6 }, () => earn(earnInput(visit))));
    expect(answers.filter((answer) => answer !== null)).toHaveLength(1);
    const found = await accountsOf(visit.patientId);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ name: 'Old Club', rate: 4, activePoints: 40 + 299 });
    expect(await transactionsOf(visit.patientId)).toHaveLength(1);
  });

  it("opens one account when two of a patient's visits earn at once", async () => {
    const first = await makeVisit();
    const second = await makeVisit({ patient: first });
    await Promise.all([earn(earnInput(first)), earn(earnInput(second)), earn(earnInput(first))]);
    const found = await accountsOf(first.patientId);
    expect(found).toHaveLength(1);
    expect(found[0]?.activePoints).toBe(598);
    expect(await transactionsOf(first.patientId)).toHaveLength(2);
  });

  it('takes the paid invoice total before the scheme fees', async () => {
    const visit = await makeVisit();
    const invoice = (requestAmount: number, reasonCode: string) => ({
      tenantId,
      accountId: visit.accountId,
      patientId: visit.patientId,
      requestReference: `Appointment/${visit.appointmentId}`,
      appointmentId: visit.appointmentId,
      items: [{ description: 'Consultation', amount: requestAmount }],
      values: [requestAmount],
      totalAmount: requestAmount,
      currency: 'LKR',
      reasonCode,
    });
    await t.database.db.insert(invoices).values([invoice(1234.56, 'revenue_collected'), invoice(9000, 'prepayment_collected')]);
    expect(await earn(earnInput(visit))).toMatchObject({ points: 123 });
  });

  it.each([
    ['not paid', { paymentStatus: 'pending' }],
    ['booked, not fulfilled', { appointmentStatus: 'booked' }],
    ['arrived, not fulfilled', { appointmentStatus: 'arrived' }],
    ['cancelled', { appointmentStatus: 'cancelled' }],
    ['charged nothing (no invoice, no scheme)', { chargingSchemeId: null }],
  ])('earns nothing when %s', async (_label, options) => {
    const visit = await makeVisit(options);
    expect(await earn(earnInput(visit))).toBeNull();
    expect(await accountsOf(visit.patientId)).toEqual([]);
  });

  it("earns nothing when the tenant's loyalty is off, for an unknown appointment, or another tenant's", async () => {
    const visit = await makeVisit();
    expect(await earn(earnInput(visit, { settings: { ...settings, enabled: false } }))).toBeNull();
    expect(await earn(earnInput(visit, { appointmentId: randomUUID() }))).toBeNull();
    expect(await earn(earnInput(visit, { appointmentId: 'not-a-uuid' }))).toBeNull();
    expect(await earn(earnInput(visit, { tenantId: 'first-tenant' }))).toBeNull();
    expect(await accountsOf(visit.patientId)).toEqual([]);
  });
});

describe('staff fulfilment earns points', () => {
  const MARK =
    'mutation ($o: ID!, $a: ID!, $st: StaffAppointmentStatus!) { staffSetAppointmentStatus(organizationId: $o, appointmentId: $a, status: $st) { id appointmentStatus } }';
  const mark = (appointmentId: string, status: string) =>
    t.gql<{ staffSetAppointmentStatus: { appointmentStatus: string } }>(
      MARK,
      { o: hospital, a: appointmentId, st: status },
      receptionistAuth,
    );

  it('marking a paid visit fulfilled earns its points, staff as the actor; marking again adds nothing', async () => {
    const visit = await makeVisit({ appointmentStatus: 'arrived' });
    const body = await mark(visit.appointmentId, 'fulfilled');
    expect(body.errors).toBeUndefined();
    expect(body.data?.staffSetAppointmentStatus.appointmentStatus).toBe('fulfilled');
    expect((await accountsOf(visit.patientId))[0]?.activePoints).toBe(299);
    expect((await transactionsOf(visit.patientId))[0]?.actor).toMatch(/^StaffUser\//);
    await mark(visit.appointmentId, 'fulfilled');
    expect(await transactionsOf(visit.patientId)).toHaveLength(1);
  });

  it('ending a session earns the paid visit in the room its points', async () => {
    const visit = await makeVisit({ appointmentStatus: 'arrived', sessionStatus: 'started' });
    const body = await t.gql(
      'mutation ($o: ID!, $s: ID!) { staffEndSession(organizationId: $o, sessionId: $s) { id status } }',
      { o: hospital, s: visit.sessionId },
      receptionistAuth,
    );
    expect(body.errors).toBeUndefined();
    expect((await accountsOf(visit.patientId))[0]?.activePoints).toBe(299);
  });

  it('marking an unpaid visit fulfilled earns nothing', async () => {
    const visit = await makeVisit({ appointmentStatus: 'booked', paymentStatus: 'pending' });
    expect((await mark(visit.appointmentId, 'fulfilled')).errors).toBeUndefined();
    expect(await accountsOf(visit.patientId)).toEqual([]);
  });
});

describe('queryLoyaltyTransaction (spec doc 2 §7)', () => {
  const QUERY =
    'query ($p: String!) { queryLoyaltyTransaction(patient: $p) { id patientId actor reasonCode createdTime items { description points appointmentId } } }';

  it("answers the account's own profile's transactions newest first, and [] for another account's", async () => {
    const mine = await makeVisit();
    const older = await makeVisit({ patient: mine });
    await earn(earnInput(older));
    await earn(earnInput(mine));
    const theirs = await makeVisit();
    await earn(earnInput(theirs));
    const [account] = await t.database.db.select().from(loyaltyAccounts).where(eq(loyaltyAccounts.patientId, mine.patientId));
    const [owner] = await t.database.db.select({ mobileNo: accounts.mobileNo }).from(accounts).where(eq(accounts.id, mine.accountId));
    const token = await signIn(t, owner?.mobileNo ?? '');
    const as = (p: string) =>
      t.gql<{ queryLoyaltyTransaction: { patientId: string; items: { appointmentId: string }[] }[] }>(QUERY, { p }, { authorization: `Bearer ${token}` });

    const own = await as(`Patient/${mine.patientId}`);
    expect(own.errors).toBeUndefined();
    expect(own.data?.queryLoyaltyTransaction.map((row) => row.items[0]?.appointmentId)).toEqual([mine.appointmentId, older.appointmentId]);
    expect(account?.activePoints).toBe(598);

    const other = await as(`Patient/${theirs.patientId}`);
    const unknown = await as(`Patient/${randomUUID()}`);
    expect(other).toEqual(unknown);
    expect(other.data?.queryLoyaltyTransaction).toEqual([]);
    expect((await as(theirs.patientId)).errors?.[0]?.message).toMatch(/^ARO-E2002:/);
    expect((await t.gql(QUERY, { p: `Patient/${mine.patientId}` })).errors?.[0]?.message).toMatch(/^ARO-E1023:/);
  });
});
