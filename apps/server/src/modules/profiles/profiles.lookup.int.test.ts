import { and, eq } from 'drizzle-orm';
import type { StaffRole } from '@careline/domain/staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeChatSession,
  makeConsultationSession,
  makeDiagnosticReportCode,
  makeLabReport,
  makeOrganization,
  makePatientAccount,
  makePractitioner,
  makeStaffUser,
} from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { appointments, auditEvents, patients, serviceRequests } from '../../db/schema/index.ts';
import { createStaffAccessSession } from '../staff/index.ts';

/*
 * Who the staff console's patient lookup finds (issue 29 §10): a patient with any record at the
 * hospital (registered there, an appointment, an order, a lab report, a chat); a patient of the group
 * with none only at the desk registering a walk-in, by name only; another tenant's never. Every lookup
 * is audited.
 */

const TENANT = 'careline-demo';
const OTHER_TENANT = 'lookup-other-tenant';

type Found = { id: string; givenName: string };
type Body<T> = { data?: T | null; errors?: { message: string }[] };

const LOOKUP = 'query ($o: ID!, $m: String!) { staffPatientLookup(organizationId: $o, mobileNo: $m) { id givenName } }';
const WALK_IN = 'query ($o: ID!, $m: String!) { staffWalkInPatientLookup(organizationId: $o, mobileNo: $m) { id prefix givenName familyName knownHere } }';
// Everything the walk-in type has: a profile with no record here shows no more than this.
const WALK_IN_TYPE = '{ __type(name: "StaffDeskPatient") { fields { name } } }';

let t: TestApp;
let hospital: string;
let otherHospital: string;
let doctorId: string;
let codeOfTest: { id: string; code: string };
const staff: Partial<Record<StaffRole | 'elsewhere', string>> = {};

beforeAll(async () => {
  t = await createTestApp();
  hospital = (await makeOrganization(t.database.db, TENANT)).id;
  otherHospital = (await makeOrganization(t.database.db, TENANT)).id;
  doctorId = (await makePractitioner(t.database.db, TENANT, hospital)).id;
  const { code } = await makeDiagnosticReportCode(t.database.db, TENANT);
  codeOfTest = { id: code.id, code: code.code };
  for (const role of ['callCentreAgent', 'receptionist', 'admin', 'nurse', 'labTechnician', 'cashier'] as const) {
    staff[role] = await tokenOf([{ organizationId: hospital, role }]);
  }
  staff.elsewhere = await tokenOf([{ organizationId: otherHospital, role: 'receptionist' }]);
});

afterAll(async () => {
  await t.close();
});

async function tokenOf(memberships: { organizationId: string; role: StaffRole }[]): Promise<string> {
  const user = await makeStaffUser(t.database.db, TENANT, memberships);
  return (await createStaffAccessSession(t.database.db, TENANT, user.id)).token;
}

function as<T>(token: string | undefined, query: string, variables: Record<string, unknown>, correlationId?: string): Promise<Body<T>> {
  return t.gql<T>(query, variables, {
    authorization: `Bearer ${token ?? ''}`,
    ...(correlationId ? { 'x-correlation-id': correlationId } : {}),
  });
}

async function lookup(token: string | undefined, organizationId: string, mobileNo: string): Promise<string[]> {
  const body = await as<{ staffPatientLookup: Found[] }>(token, LOOKUP, { o: organizationId, m: mobileNo });
  expect(body.errors).toBeUndefined();
  return (body.data?.staffPatientLookup ?? []).map((p) => p.id);
}

type Person = { accountId: string; patientId: string; mobileNo: string; givenName: string };

async function person(fields: { hospitalId?: string | null } = {}, tenantId = TENANT, mobileNo?: string): Promise<Person> {
  const { account, patient } = await makePatientAccount(t.database.db, tenantId, { hospitalId: fields.hospitalId ?? null, ...(mobileNo ? { mobileNo } : {}) });
  return { accountId: account.id, patientId: patient.id, mobileNo: account.mobileNo, givenName: patient.givenName };
}

/** The records a profile can have at a hospital, one way each. */
const RECORDS: Record<string, (who: Person, organizationId: string) => Promise<void>> = {
  'registered there': async (who, organizationId) => {
    await t.database.db.update(patients).set({ hospitalId: organizationId }).where(eq(patients.id, who.patientId));
  },
  'an appointment': async (who, organizationId) => {
    const session = await makeConsultationSession(t.database.db, TENANT, { practitionerId: doctorId, organizationId });
    await t.database.db
      .insert(appointments)
      .values({ tenantId: TENANT, sessionId: session.id, accountId: who.accountId, patientId: who.patientId, tokenNo: 1 });
  },
  '3 orders': async (who, organizationId) => {
    for (const [category, codeCode] of [['Medication', '4'], ['Examination', '5'], ['Procedure', '3']] as const) {
      await t.database.db
        .insert(serviceRequests)
        .values({ tenantId: TENANT, accountId: who.accountId, patientId: who.patientId, category, codeCode, organizationId });
    }
  },
  // Issue 30 §2.5: the lab desk's 'At the desk' report path finds a patient who registered in the
  // app and has only an active lab order here (the picker asks staffPatientLookup).
  'an active lab order only': async (who, organizationId) => {
    await t.database.db
      .insert(serviceRequests)
      .values({ tenantId: TENANT, accountId: who.accountId, patientId: who.patientId, category: 'Examination', codeCode: '5', organizationId });
  },
  'a lab report': async (who, organizationId) => {
    await makeLabReport(t.database.db, TENANT, {
      accountId: who.accountId,
      patientId: who.patientId,
      organizationId,
      diagnosticReportCodeId: codeOfTest.id,
      codeCode: codeOfTest.code,
    });
  },
  'a chat': async (who, organizationId) => {
    await makeChatSession(t.database.db, TENANT, { accountId: who.accountId, patientId: who.patientId, hospitalId: organizationId, status: 'completed' });
  },
};

describe('the lookup finds a patient with any record at the hospital', () => {
  for (const [record, make] of Object.entries(RECORDS)) {
    it(`${record}: found by the hospital's staff, not by another hospital's`, async () => {
      const who = await person();
      await make(who, hospital);
      for (const role of ['callCentreAgent', 'receptionist', 'admin', 'nurse', 'labTechnician', 'cashier'] as const) {
        expect(await lookup(staff[role], hospital, who.mobileNo)).toEqual([who.patientId]);
      }
      expect(await lookup(staff.elsewhere, otherHospital, who.mobileNo)).toEqual([]);
    });
  }

  it("the call-centre agent chatting with a patient who has 3 orders and the chat there finds them (the issue's case)", async () => {
    const who = await person();
    await RECORDS['3 orders']?.(who, hospital);
    await RECORDS['a chat']?.(who, hospital);
    expect(await lookup(staff.callCentreAgent, hospital, `0${who.mobileNo.slice(2)}`)).toEqual([who.patientId]);
  });

  it("a patient with every kind of record, all at another hospital, is not found here; another tenant's number never is", async () => {
    const elsewhere = await person();
    for (const make of Object.values(RECORDS)) {
      await make(elsewhere, otherHospital);
    }
    for (const role of ['callCentreAgent', 'receptionist', 'admin'] as const) {
      expect(await lookup(staff[role], hospital, elsewhere.mobileNo)).toEqual([]);
    }
    expect(await lookup(staff.elsewhere, otherHospital, elsewhere.mobileNo)).toEqual([elsewhere.patientId]);

    // The same number in another tenant is another account: never found, even with a record here.
    const foreign = await person({ hospitalId: hospital }, OTHER_TENANT);
    const local = await person({}, TENANT, foreign.mobileNo);
    expect(await lookup(staff.receptionist, hospital, foreign.mobileNo)).toEqual([]);
    const walkIn = await as<{ staffWalkInPatientLookup: { id: string }[] }>(staff.receptionist, WALK_IN, { o: hospital, m: foreign.mobileNo });
    expect(walkIn.data?.staffWalkInPatientLookup.map((p) => p.id)).toEqual([local.patientId]);
  });

  it('finds only the profiles of an account the hospital knows', async () => {
    const mother = await person();
    const [son] = await t.database.db
      .insert(patients)
      .values({ tenantId: TENANT, accountId: mother.accountId, prefix: 'Mr.', givenName: 'Kasun', familyName: 'Silva', gender: 'male', relationship: 'Son' })
      .returning();
    await RECORDS['a chat']?.(mother, hospital);
    expect(await lookup(staff.callCentreAgent, hospital, mother.mobileNo)).toEqual([mother.patientId]);
    expect(son?.id).toBeDefined();
  });
});

describe('the desk registering a walk-in finds a patient of the group with no record here', () => {
  it('names every profile of the number, each known here or not, with the name only', async () => {
    const mother = await person({ hospitalId: otherHospital });
    const [son] = await t.database.db
      .insert(patients)
      .values({ tenantId: TENANT, accountId: mother.accountId, prefix: 'Mr.', givenName: 'Kasun', familyName: 'Silva', gender: 'male', relationship: 'Son', birthDate: '2010-05-01' })
      .returning();
    await RECORDS['an appointment']?.({ ...mother, patientId: son?.id ?? '' }, hospital);
    // The ordinary lookup: the son only (his appointment here).
    expect(await lookup(staff.receptionist, hospital, mother.mobileNo)).toEqual([son?.id]);

    for (const role of ['receptionist', 'admin'] as const) {
      const body = await as<{ staffWalkInPatientLookup: Record<string, unknown>[] }>(staff[role], WALK_IN, { o: hospital, m: mother.mobileNo });
      expect(body.errors).toBeUndefined();
      expect(body.data?.staffWalkInPatientLookup).toEqual([
        { id: mother.patientId, prefix: 'Mr.', givenName: mother.givenName, familyName: 'Silva', knownHere: false },
        { id: son?.id, prefix: 'Mr.', givenName: 'Kasun', familyName: 'Silva', knownHere: true },
      ]);
    }
    const type = await as<{ __type: { fields: { name: string }[] } }>(staff.receptionist, WALK_IN_TYPE, {});
    expect(type.data?.__type.fields.map((field) => field.name).sort()).toEqual(['familyName', 'givenName', 'id', 'knownHere', 'prefix']);
  });

  it('refuses the roles that do not register walk-ins at the desk, and another hospital’s desk asking about this one', async () => {
    const who = await person({ hospitalId: otherHospital });
    for (const role of ['callCentreAgent', 'nurse', 'labTechnician', 'cashier'] as const) {
      const body = await as<{ staffWalkInPatientLookup: unknown[] | null }>(staff[role], WALK_IN, { o: hospital, m: who.mobileNo });
      expect(body.errors?.[0]?.message.split(':')[0]).toBe('ARO-E1210');
      expect(body.data?.staffWalkInPatientLookup ?? null).toBeNull();
    }
    const body = await as(staff.elsewhere, WALK_IN, { o: hospital, m: who.mobileNo });
    expect(body.errors?.[0]?.message.split(':')[0]).toBe('ARO-E2001');
  });

  it('once booked at the desk, the walk-in is a patient of the hospital', async () => {
    const who = await person({ hospitalId: otherHospital });
    expect(await lookup(staff.receptionist, hospital, who.mobileNo)).toEqual([]);
    const session = await makeConsultationSession(t.database.db, TENANT, { practitionerId: doctorId, organizationId: hospital });
    const booked = await as(
      staff.receptionist,
      'mutation ($o: ID!, $s: ID!, $p: ID!) { staffBookAppointment(organizationId: $o, sessionId: $s, patientId: $p) { id } }',
      { o: hospital, s: session.id, p: who.patientId },
    );
    expect(booked.errors).toBeUndefined();
    expect(await lookup(staff.callCentreAgent, hospital, who.mobileNo)).toEqual([who.patientId]);
  });
});

describe('every lookup is audited', () => {
  it('the lookup and the walk-in lookup, found or not, each write one patient.lookup row', async () => {
    const who = await person({ hospitalId: otherHospital });
    await as(staff.callCentreAgent, LOOKUP, { o: hospital, m: who.mobileNo }, 'corr-lookup-none');
    await as(staff.receptionist, WALK_IN, { o: hospital, m: who.mobileNo }, 'corr-lookup-walk-in');
    await RECORDS['a chat']?.(who, hospital);
    await as(staff.callCentreAgent, LOOKUP, { o: hospital, m: who.mobileNo }, 'corr-lookup-found');
    const rows = async (correlationId: string) =>
      t.database.db.select().from(auditEvents).where(and(eq(auditEvents.correlationId, correlationId), eq(auditEvents.tenantId, TENANT)));

    expect((await rows('corr-lookup-none')).map((row) => [row.action, row.role, row.organizationId, row.patientAccountId])).toEqual([
      ['patient.lookup', 'callCentreAgent', hospital, null],
    ]);
    const [walkIn, ...more] = await rows('corr-lookup-walk-in');
    expect(more).toEqual([]);
    expect(walkIn).toMatchObject({ action: 'patient.lookup', role: 'receptionist', organizationId: hospital, patientAccountId: who.accountId });
    expect(walkIn?.details).toMatchObject({ purpose: 'walkIn', found: 1, patientIds: [who.patientId], withoutRecordHere: [who.patientId] });
    const [found] = await rows('corr-lookup-found');
    expect(found).toMatchObject({ action: 'patient.lookup', patientAccountId: who.accountId });
    expect(found?.details).toMatchObject({ found: 1, patientIds: [who.patientId] });
  });
});
