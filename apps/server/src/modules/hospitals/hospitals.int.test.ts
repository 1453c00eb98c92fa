import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { makeOrganization, makePractitioner } from '../../../test/factories.ts';

const FIRST_HOST = { host: 'first.localhost' };
const TENANT = 'careline-demo';

type Practitioner = {
  id: string;
  name: { text: string; given: string[]; family: string };
  active: boolean;
  roles: { code: string; display: string }[];
};

// The limit is a literal: the row budget (graphql/limits.ts) counts a variable limit as the maximum.
const practitionersQuery = (limit: number) => `query ($has: String) {
  queryPractitioner(limit: ${limit}, has: $has) { id active name { prefix given family text } roles { code display } }
}`;
const CARDIOLOGIST = { code: 'cardiologist', display: 'Cardiologist' };
const DOCTOR_ROLE = { code: 'doctor', display: 'Doctor' };

describe('hospitals and doctors (queryOrganization, queryPractitioner)', () => {
  let t: TestApp;
  const tag = randomBytes(3).toString('hex');
  const practitionerList = async (
    variables: { has?: string; limit?: number } = {},
    headers: Record<string, string> = {},
  ) => {
    const { limit = 1000, ...rest } = variables;
    const result = await t.gql<{ queryPractitioner: Practitioner[] }>(
      practitionersQuery(limit),
      rest,
      headers,
    );
    expect(result.errors).toBeUndefined();
    return result.data?.queryPractitioner ?? [];
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the active hospitals, sorted naturally by name, without a closed one', async () => {
    const db = t.database.db;
    const ten = await makeOrganization(db, TENANT, { name: `Ward ${tag} 10` });
    const two = await makeOrganization(db, TENANT, { name: `Ward ${tag} 2` });
    const closed = await makeOrganization(db, TENANT, { name: `Ward ${tag} 1`, active: false });
    const result = await t.gql<{ queryOrganization: { id: string; name: string }[] }>(
      '{ queryOrganization { id name city phone labReportHeaderImageUrl labReportFooterImageUrl } }',
    );
    expect(result.errors).toBeUndefined();
    const mine = (result.data?.queryOrganization ?? []).filter((o) =>
      [ten.id, two.id, closed.id].includes(o.id),
    );
    expect(mine.map((o) => o.name)).toEqual([`Ward ${tag} 2`, `Ward ${tag} 10`]);
  });

  it('lists active doctors with their roles, never the role Doctor, never inactive or role-less doctors', async () => {
    const db = t.database.db;
    const hospital = await makeOrganization(db, TENANT);
    const listedDoctor = await makePractitioner(db, TENANT, hospital.id, {
      roles: [CARDIOLOGIST, DOCTOR_ROLE],
    });
    const inactive = await makePractitioner(db, TENANT, hospital.id, {
      roles: [CARDIOLOGIST],
      fields: { active: false },
    });
    const roleless = await makePractitioner(db, TENANT, hospital.id, { roles: [] });
    const onlyDoctor = await makePractitioner(db, TENANT, hospital.id, { roles: [DOCTOR_ROLE] });
    const listed = await practitionerList();
    const ids = listed.map((p) => p.id);
    expect(ids).toContain(listedDoctor.id);
    for (const hidden of [inactive, roleless, onlyDoctor]) {
      expect(ids).not.toContain(hidden.id);
    }
    expect(listed.find((p) => p.id === listedDoctor.id)?.roles).toEqual([CARDIOLOGIST]);
    expect(listed.every((p) => p.active && p.roles.length > 0)).toBe(true);
  });

  it('filters doctors by the doctor-search rule or a role code', async () => {
    const db = t.database.db;
    const hospital = await makeOrganization(db, TENANT);
    const given = `Nimal${tag}`;
    const nimal = await makePractitioner(db, TENANT, hospital.id, {
      givenName: given,
      familyName: 'Perera',
      roles: [CARDIOLOGIST],
    });
    const ent = await makePractitioner(db, TENANT, hospital.id, {
      roles: [{ code: `ent_surgeon_${tag}`, display: 'ENT Surgeon' }],
    });
    expect((await practitionerList({ has: given.toLowerCase() })).map((p) => p.id)).toEqual([
      nimal.id,
    ]);
    const byRoleWord = await practitionerList({ has: 'cardio' });
    expect(byRoleWord.map((p) => p.id)).toContain(nimal.id);
    expect(byRoleWord.every((p) => p.roles.some((r) => r.code === 'cardiologist'))).toBe(true);
    expect((await practitionerList({ has: `ent_surgeon_${tag}` })).map((p) => p.id)).toEqual([
      ent.id,
    ]);
    // With a space the rule is a substring match across words.
    expect((await practitionerList({ has: `${tag.slice(-2)} per` })).map((p) => p.id)).toContain(
      nimal.id,
    );
  });

  it('caps and applies the practitioner limit', async () => {
    const db = t.database.db;
    const hospital = await makeOrganization(db, TENANT);
    for (let i = 0; i < 3; i += 1) {
      await makePractitioner(db, TENANT, hospital.id);
    }
    const huge = await t.gql<{ queryPractitioner: { id: string }[] }>(
      '{ queryPractitioner(limit: 1000000) { id } }',
    );
    expect(huge.errors).toBeUndefined();
    expect(huge.data?.queryPractitioner.length).toBeGreaterThanOrEqual(3);
    expect(await practitionerList({ limit: 2 })).toHaveLength(2);
    expect(await practitionerList({ limit: 0 })).toEqual([]);
  });

  it("never shows another tenant's hospitals or doctors", async () => {
    const db = t.database.db;
    const ours = await makeOrganization(db, TENANT);
    const theirs = await makeOrganization(db, 'first-tenant');
    const ourDoctor = await makePractitioner(db, TENANT, ours.id);
    const theirDoctor = await makePractitioner(db, 'first-tenant', theirs.id);
    const orgs = await t.gql<{ queryOrganization: { id: string }[] }>(
      '{ queryOrganization { id } }',
      {},
      FIRST_HOST,
    );
    const orgIds = orgs.data?.queryOrganization.map((o) => o.id);
    expect(orgIds).toContain(theirs.id);
    expect(orgIds).not.toContain(ours.id);
    const doctorIds = (await practitionerList({}, FIRST_HOST)).map((p) => p.id);
    expect(doctorIds).toContain(theirDoctor.id);
    expect(doctorIds).not.toContain(ourDoctor.id);
  });
});
