import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  authHeader,
  makeOrganization,
  makePatientAccount,
  makeStaffUser,
  signInStaff,
} from '../../../test/factories.ts';
import { auditEvents } from '../../db/schema/index.ts';
import { browseAuditTrail } from './audit.service.ts';

/*
 * issue 30 §2.6: the audit trail names the patient (name and mobile number) and filters on the server
 * by patient (name or number), staff member, action and date range, each checked ('ARO-E2002:…'),
 * and never returns a row of another hospital, whatever the filter.
 */

const TRAIL = `query ($o: ID!, $f: AuditFilter) {
  auditTrail(organizationId: $o, filter: $f, first: 100) {
    events { correlationId action actorName organizationId patientName patientMobileNo details } } }`;

type Row = {
  correlationId: string;
  action: string;
  actorName: string | null;
  organizationId: string | null;
  patientName: string | null;
  patientMobileNo: string | null;
  details: Record<string, unknown>;
};

let t: TestApp;
let tenantId: string;
let hospital: string;
let otherHospital: string;
let adminToken: string;
let admin: { id: string; displayName: string };
let receptionist: { id: string; displayName: string };
let colleagueThere: { id: string };
let amaraAccount: string;
let amaraMobile: string;
let kamalAccount: string;

async function trail(filter: Record<string, unknown>, organizationId = hospital, token = adminToken) {
  return t.gql<{ auditTrail: { events: Row[] } }>(
    TRAIL,
    { o: organizationId, f: filter },
    authHeader(token),
  );
}

/** The correlation ids of the trail's rows written by this file (the test rows, 'f-…'). */
async function ids(filter: Record<string, unknown>, organizationId = hospital): Promise<string[]> {
  const body = await trail(filter, organizationId);
  expect(body.errors, JSON.stringify(filter)).toBeUndefined();
  return (body.data?.auditTrail.events ?? [])
    .map((row) => row.correlationId)
    .filter((id) => id.startsWith('f-'))
    .sort();
}

beforeAll(async () => {
  t = await createTestApp();
  tenantId = t.tenants.defaultTenant.id;
  hospital = (await makeOrganization(t.database.db, tenantId)).id;
  otherHospital = (await makeOrganization(t.database.db, tenantId)).id;
  const adminUser = await makeStaffUser(t.database.db, tenantId, [
    { organizationId: hospital, role: 'admin' },
    { organizationId: otherHospital, role: 'receptionist' },
  ]);
  admin = adminUser;
  receptionist = await makeStaffUser(t.database.db, tenantId, [
    { organizationId: hospital, role: 'receptionist' },
  ]);
  colleagueThere = await makeStaffUser(t.database.db, tenantId, [
    { organizationId: otherHospital, role: 'admin' },
  ]);
  adminToken = await signInStaff(t, adminUser.email);

  const amara = await makePatientAccount(t.database.db, tenantId, {
    hospitalId: hospital,
    givenName: 'Amara',
    mobileNo: '94771234567',
  });
  amaraAccount = amara.account.id;
  amaraMobile = amara.account.mobileNo;
  const kamal = await makePatientAccount(t.database.db, tenantId, {
    hospitalId: hospital,
    givenName: 'Kamal',
    mobileNo: '94719876543',
  });
  kamalAccount = kamal.account.id;
  const staffRow = (
    correlationId: string,
    actor: string,
    organizationId: string,
    action: string,
    at: string,
    patient: { account: string; profile: string | null } | null,
    details: Record<string, unknown> = {},
  ) => ({
    tenantId,
    actorKind: 'staff',
    actorId: actor,
    role: 'receptionist',
    organizationId,
    action,
    patientAccountId: patient?.account ?? null,
    patientId: patient?.profile ?? null,
    correlationId,
    at: new Date(at),
    details,
  });
  await t.database.db.insert(auditEvents).values([
    staffRow('f-amara-lookup', receptionist.id, hospital, 'patient.lookup', '2026-11-20T04:00:00Z', {
      account: amara.account.id,
      profile: amara.patient.id,
    }, { mobileNo: amara.account.mobileNo, found: 1 }),
    staffRow('f-amara-chat', admin.id, hospital, 'chat.read', '2026-11-22T04:00:00Z', {
      account: amara.account.id,
      profile: null,
    }),
    staffRow('f-kamal-lookup', receptionist.id, hospital, 'patient.lookup', '2026-11-24T04:00:00Z', {
      account: kamal.account.id,
      profile: kamal.patient.id,
    }),
    // The other hospital's rows, about the same patients, by its own member and by our admin.
    staffRow('f-there-amara', colleagueThere.id, otherHospital, 'patient.lookup', '2026-11-21T04:00:00Z', {
      account: amara.account.id,
      profile: amara.patient.id,
    }),
    staffRow('f-there-by-admin', admin.id, otherHospital, 'chat.read', '2026-11-22T05:00:00Z', {
      account: kamal.account.id,
      profile: kamal.patient.id,
    }),
  ]);
});

afterAll(async () => {
  await t.close();
});

describe('the audit trail’s patients and filters', () => {
  it('names the patient and the staff member, with the number in full for an admin', async () => {
    const body = await trail({});
    expect(body.errors).toBeUndefined();
    const rows = body.data?.auditTrail.events ?? [];
    expect(rows.find((row) => row.correlationId === 'f-amara-lookup')).toMatchObject({
      details: { mobileNo: '+94 77 123 4567', found: 1 },
      actorName: receptionist.displayName,
      patientName: 'Mr. Amara Silva',
      patientMobileNo: '+94 77 123 4567',
    });
    // A row with the account only is named by the account's holder.
    expect(rows.find((row) => row.correlationId === 'f-amara-chat')).toMatchObject({
      actorName: admin.displayName,
      patientName: 'Mr. Amara Silva',
      patientMobileNo: '+94 77 123 4567',
    });
  });

  it('masks the number for a reader whose roles may not look patients up by it', async () => {
    const page = await browseAuditTrail({ db: t.database.db, tenantId }, hospital, { patientAccountId: amaraAccount }, []);
    const numbers = new Set(page.events.map((event) => event.patientMobileNo));
    expect(numbers).toEqual(new Set(['+94 77 *** **67']));
    // The number searched for, in the lookup's details, is masked the same way.
    const lookup = page.events.find((event) => event.correlationId === 'f-amara-lookup');
    expect(lookup?.details).toEqual({ mobileNo: '+94 77 *** **67', found: 1 });
    expect(JSON.stringify(page.events)).not.toContain(amaraMobile.slice(-7));
    expect(JSON.stringify(page.events)).not.toContain('123 4567');
  });

  it('filters by patient name or number, staff member, action and date range, together too', async () => {
    expect(await ids({ patient: 'amara' })).toEqual(['f-amara-chat', 'f-amara-lookup']);
    expect(await ids({ patient: 'Mr. Kamal Silva' })).toEqual(['f-kamal-lookup']);
    for (const number of ['0771234567', '94771234567', '+94 77 123 4567', '4567']) {
      expect(await ids({ patient: number }), number).toEqual(['f-amara-chat', 'f-amara-lookup']);
    }
    // Wildcards are letters like any other.
    expect(await ids({ patient: '%a' })).toEqual([]);
    expect(await ids({ staffUserId: receptionist.id })).toEqual(['f-amara-lookup', 'f-kamal-lookup']);
    expect(await ids({ action: 'chat.read' })).toEqual(['f-amara-chat']);
    expect(
      await ids({ from: '2026-11-21T18:30:00.000Z', to: '2026-11-24T18:29:59.999Z' }),
    ).toEqual(['f-amara-chat', 'f-kamal-lookup']);
    expect(
      await ids({ patient: 'amara', action: 'patient.lookup', staffUserId: receptionist.id }),
    ).toEqual(['f-amara-lookup']);
    expect(await ids({ patientAccountId: kamalAccount, action: 'chat.read' })).toEqual([]);
  });

  it('never returns another hospital’s rows, whatever the filter', async () => {
    for (const filter of [
      {},
      { patient: 'amara' },
      { patient: '0771234567' },
      { patient: 'Kamal' },
      { patientAccountId: amaraAccount },
      { staffUserId: colleagueThere.id },
      { staffUserId: admin.id },
      { action: 'chat.read' },
      { action: 'patient.lookup' },
      { from: '2026-11-21T00:00:00.000Z', to: '2026-11-23T00:00:00.000Z' },
    ]) {
      const found = await ids(filter);
      expect(found.filter((id) => id.startsWith('f-there')), JSON.stringify(filter)).toEqual([]);
    }
    // The other hospital's trail is its admins' only: this member is a receptionist there.
    const there = await trail({ patient: 'amara' }, otherHospital);
    expect(there.errors?.[0]?.message.split(':')[0]).toBe('ARO-E1210');
    expect(there.data).toBeNull();
  });

  it.each([
    [{ patient: 'a' }, 'ARO-E2002:patient must be 2 to 100 characters'],
    [{ patient: 'x'.repeat(101) }, 'ARO-E2002:patient must be 2 to 100 characters'],
    [{ patient: 'Amara\u0007' }, 'ARO-E2002:patient must be a name or a mobile number'],
    [{ action: 'patient.delete' }, 'ARO-E2002:action is not an action of the audit trail'],
    [
      { from: '2026-11-24T00:00:00.000Z', to: '2026-11-23T00:00:00.000Z' },
      'ARO-E2002:from must not be after to',
    ],
    [{ staffUserId: 'nobody' }, 'ARO-E2002:staffUserId must be an id'],
  ])('refuses the bad filter %j with %s, and returns no rows', async (filter, message) => {
    const body = await trail(filter);
    expect(body.errors?.[0]?.message).toBe(message);
    expect(body.data).toBeNull();
  });
});
