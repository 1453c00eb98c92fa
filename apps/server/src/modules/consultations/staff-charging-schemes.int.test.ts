import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  authHeader,
  makeChargingScheme,
  makeOrganization,
  makePractitioner,
  makeSignedInStaff,
} from '../../../test/factories.ts';

// The session form's charging-scheme picker (issue 8, staff console): the hospital's active schemes only.

const LIST = 'query ($o: ID!) { staffChargingSchemes(organizationId: $o) { id name practitionerId currency total } }';

let t: TestApp;
let tenantId: string;
let hospital: string;
let otherHospital: string;

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
    const opd = await makeChargingScheme(db, tenantId, hospital, {
      name: 'OPD',
      items: [{ category: 'hospital_fee', description: 'Hospital', amount: 500 }],
    });
    const channelling = await makeChargingScheme(db, tenantId, hospital, {
      practitionerId: doctor.id,
      name: 'Channelling',
      items: [
        { category: 'doctor_fee', description: 'Doctor', amount: 2500 },
        { category: 'hospital_fee', description: 'Hospital', amount: 750.5 },
      ],
    });
    await makeChargingScheme(db, tenantId, hospital, { name: 'Retired', status: 'inactive', items: [] });
    await makeChargingScheme(db, tenantId, otherHospital, { name: 'Theirs', items: [] });
    const { token: receptionist } = await makeSignedInStaff(t, tenantId, [{ organizationId: hospital, role: 'receptionist' }]);
    const body = await t.gql<{ staffChargingSchemes: unknown[] }>(LIST, { o: hospital }, authHeader(receptionist));
    expect(body.errors).toBeUndefined();
    expect(body.data?.staffChargingSchemes).toEqual([
      { id: channelling.id, name: 'Channelling', practitionerId: doctor.id, currency: 'LKR', total: 3250.5 },
      { id: opd.id, name: 'OPD', practitionerId: null, currency: 'LKR', total: 500 },
    ]);
    // Another hospital's id answers like a missing one.
    const elsewhere = await t.gql(LIST, { o: otherHospital }, authHeader(receptionist));
    expect(elsewhere.errors?.[0]?.message.split(':')[0]).toBe('ARO-E2001');
    expect(elsewhere.data).toBeNull();
  });
});
