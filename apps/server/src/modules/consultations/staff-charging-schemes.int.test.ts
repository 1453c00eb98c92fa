import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { FACTORY_STAFF_PASSWORD, makeOrganization, makePractitioner, makeStaffUser } from '../../../test/factories.ts';
import { chargingSchemes } from '../../db/schema/index.ts';

// The session form's charging-scheme picker (issue 8, staff console): the hospital's active schemes only.

const LIST = 'query ($o: ID!) { staffChargingSchemes(organizationId: $o) { id name practitionerId currency total } }';

let t: TestApp;
let tenantId: string;
let hospital: string;
let otherHospital: string;

async function tokenFor(email: string): Promise<string> {
  const body = await t.gql<{ staffSignIn: { token: string } }>(
    'mutation ($e: String!, $p: String!) { staffSignIn(email: $e, password: $p) { token } }',
    { e: email, p: FACTORY_STAFF_PASSWORD },
  );
  const token = body.data?.staffSignIn.token;
  if (!token) {
    throw new Error(JSON.stringify(body.errors));
  }
  return token;
}

beforeAll(async () => {
  t = await createTestApp();
  tenantId = t.tenants.defaultTenant.id;
  hospital = (await makeOrganization(t.database.db, tenantId)).id;
  otherHospital = (await makeOrganization(t.database.db, tenantId)).id;
});

afterAll(async () => {
  await t.close();
});

describe('staffChargingSchemes', () => {
  it("lists the hospital's active schemes by name with their totals, and nothing of another hospital", async () => {
    const db = t.database.db;
    const doctor = await makePractitioner(db, tenantId, hospital);
    const [opd, channelling] = await db
      .insert(chargingSchemes)
      .values([
        { tenantId, organizationId: hospital, name: 'OPD', currency: 'LKR', items: [{ category: 'hospital_fee', description: 'Hospital', amount: 500 }] },
        {
          tenantId,
          organizationId: hospital,
          practitionerId: doctor.id,
          name: 'Channelling',
          currency: 'LKR',
          items: [
            { category: 'doctor_fee', description: 'Doctor', amount: 2500 },
            { category: 'hospital_fee', description: 'Hospital', amount: 750.5 },
          ],
        },
      ])
      .returning();
    await db.insert(chargingSchemes).values([
      { tenantId, organizationId: hospital, name: 'Retired', status: 'inactive', currency: 'LKR', items: [] },
      { tenantId, organizationId: otherHospital, name: 'Theirs', currency: 'LKR', items: [] },
    ]);
    const receptionist = await tokenFor((await makeStaffUser(db, tenantId, [{ organizationId: hospital, role: 'receptionist' }])).email);
    const body = await t.gql<{ staffChargingSchemes: unknown[] }>(LIST, { o: hospital }, { authorization: `Bearer ${receptionist}` });
    expect(body.errors).toBeUndefined();
    expect(body.data?.staffChargingSchemes).toEqual([
      { id: channelling?.id, name: 'Channelling', practitionerId: doctor.id, currency: 'LKR', total: 3250.5 },
      { id: opd?.id, name: 'OPD', practitionerId: null, currency: 'LKR', total: 500 },
    ]);
    // Another hospital's id answers like a missing one.
    const elsewhere = await t.gql(LIST, { o: otherHospital }, { authorization: `Bearer ${receptionist}` });
    expect(elsewhere.errors?.[0]?.message.split(':')[0]).toBe('ARO-E2001');
    expect(elsewhere.data).toBeNull();
  });
});
