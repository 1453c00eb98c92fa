import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { makeConsultationSession, makeOrganization, makePractitioner } from '../../../test/factories.ts';
import { chargingSchemes } from '../../db/schema/index.ts';

// issue 29 §4.14: each session card shows the session's fee, which is what its invoice totals.

const TENANT = 'careline-demo';

describe("a session's fee (issue 29 §4.14)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  const fees = async (practitionerId: string) => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload: {
        query: 'query($ref: [String!]) { querySession(actorReference: $ref) { id fee { amount currency } } }',
        variables: { ref: [`Practitioner/${practitionerId}`] },
      },
    });
    return answer.json<{ data: { querySession: { id: string; fee: { amount: string; currency: string } | null }[] } }>().data
      .querySession;
  };

  it("totals the scheme's lines exactly (discounts off), in its currency; null without a scheme", async () => {
    const hospital = await makeOrganization(t.database.db, TENANT);
    const doctor = await makePractitioner(t.database.db, TENANT, hospital.id);
    const [scheme] = await t.database.db
      .insert(chargingSchemes)
      .values({
        tenantId: TENANT,
        organizationId: hospital.id,
        practitionerId: doctor.id,
        name: 'Channelling',
        currency: 'LKR',
        items: [
          { category: 'doctor_fee', description: 'Doctor fee', amount: 2500 },
          { category: 'hospital_fee', description: 'Hospital fee', amount: 750.5 },
          { category: 'seasonal_discount_fee', description: 'Discount', amount: 250.25 },
        ],
      })
      .returning();
    const priced = await makeConsultationSession(
      t.database.db,
      TENANT,
      { practitionerId: doctor.id, organizationId: hospital.id },
      { chargingSchemeId: scheme?.id ?? null },
    );
    const unpriced = await makeConsultationSession(
      t.database.db,
      TENANT,
      { practitionerId: doctor.id, organizationId: hospital.id },
      { startTime: new Date(Date.now() + 3 * 3_600_000) },
    );
    const sessions = await fees(doctor.id);
    expect(sessions.find((s) => s.id === priced.id)?.fee).toEqual({ amount: '3000.25', currency: 'LKR' });
    expect(sessions.find((s) => s.id === unpriced.id)?.fee).toBeNull();
  });
});
