import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeConsultationSession, makeOrganization, makePractitioner } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { practitioners } from '../../db/schema/index.ts';

const TENANT = 'careline-demo';

type Doctor = { id: string; name: { text: string } };

describe('doctor and specialty search in SQL (searchDoctors, searchSpecialties, queryPractitioner has)', () => {
  let t: TestApp;
  // Unique words keep these rows apart from the seed and from other tests.
  const tag = `q${randomBytes(3).toString('hex')}`;
  const ids = { nimal: '', kamal: '', inactive: '', doctorOnly: '' };
  let hospital: string;
  let otherHospital: string;

  const doctors = async (text: string, extra: { organizationId?: string } = {}): Promise<string[]> => {
    const result = await t.gql<{ searchDoctors: Doctor[] }>(
      'query ($text: String!, $o: ID) { searchDoctors(text: $text, organizationId: $o, limit: 50) { id name { text } } }',
      { text, o: extra.organizationId ?? null },
    );
    expect(result.errors).toBeUndefined();
    return (result.data?.searchDoctors ?? []).map((d) => d.id);
  };

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    hospital = (await makeOrganization(db, TENANT)).id;
    otherHospital = (await makeOrganization(db, TENANT)).id;
    const specialty = { code: `${tag}-cardio`, display: `${tag}Cardiologist Surgeon` };
    ids.nimal = (await makePractitioner(db, TENANT, hospital, { givenName: `${tag}Nimal`, familyName: 'Perera', roles: [specialty] })).id;
    ids.kamal = (await makePractitioner(db, TENANT, hospital, {
      givenName: `${tag}Kamal`,
      familyName: `${tag}Silva`,
      roles: [{ code: `${tag}-derm`, display: `${tag}Dermatologist` }],
    })).id;
    ids.inactive = (await makePractitioner(db, TENANT, hospital, { givenName: `${tag}Nimali`, roles: [specialty], fields: { active: false } })).id;
    ids.doctorOnly = (await makePractitioner(db, TENANT, hospital, { givenName: `${tag}Nihal`, roles: [{ code: 'doctor', display: 'Doctor' }] })).id;
    await makeConsultationSession(db, TENANT, { organizationId: otherHospital, practitionerId: ids.kamal });
  });
  afterAll(async () => {
    await t.close();
  });

  it('matches word starts of the name or a role, case-insensitive (spec doc 1 §5)', async () => {
    expect(await doctors(`${tag}NIM`)).toEqual([ids.nimal]);
    // 'silva' is the start of the family name's word; 'ilva' starts no word.
    expect(await doctors(`${tag}silva`)).toEqual([ids.kamal]);
    expect(await doctors('ilva')).not.toContain(ids.kamal);
    expect(await doctors(`${tag}derm`)).toEqual([ids.kamal]);
    expect(await doctors(`${tag.toUpperCase()}CARDIO`)).toEqual([ids.nimal]);
    // Inactive doctors and doctors with only the hidden role are never listed.
    expect(await doctors(`${tag}Ni`)).toEqual([ids.nimal]);
  });

  it('with a space, matches a substring of the name or a role', async () => {
    expect(await doctors(`${tag}nimal per`)).toEqual([ids.nimal]);
    expect(await doctors(`imal perera`)).toContain(ids.nimal);
    expect(await doctors(`ologist surg`)).toContain(ids.nimal);
    expect(await doctors(`${tag}nimal silva`)).toEqual([]);
  });

  it('narrows to doctors with a session at the hospital', async () => {
    expect(await doctors(`${tag}`, { organizationId: otherHospital })).toEqual([ids.kamal]);
    expect(await doctors(`${tag}nimal`, { organizationId: otherHospital })).toEqual([]);
  });

  it('takes 1 character and 100, refuses 200 with ARO-E2002, and treats wildcards as text', async () => {
    expect(await doctors('q', { organizationId: otherHospital })).toEqual([ids.kamal]);
    expect(await doctors('z', { organizationId: otherHospital })).toEqual([]);
    expect(await doctors(`${tag}${'x'.repeat(100 - tag.length)}`)).toEqual([]);
    const long = await t.gql('query ($text: String!) { searchDoctors(text: $text) { id } }', { text: 'a'.repeat(200) });
    expect(long.errors?.[0]?.message).toMatch(/^ARO-E2002/);
    expect(await doctors(`${tag}%`)).toEqual([]);
    expect(await doctors(`${tag}_imal`)).toEqual([]);
  });

  it('finds specialties by prefix, distinct, case-insensitive, never the hidden role', async () => {
    const result = await t.gql<{ searchSpecialties: { code: string; display: string }[] }>(
      'query ($text: String!) { searchSpecialties(text: $text, limit: 20) { code display } }',
      { text: `${tag.toUpperCase()}c` },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.searchSpecialties).toEqual([{ code: `${tag}-cardio`, display: `${tag}Cardiologist Surgeon` }]);
    const doctor = await t.gql<{ searchSpecialties: { display: string }[] }>('{ searchSpecialties(text: "docto") { display } }');
    expect(doctor.data?.searchSpecialties.map((s) => s.display)).not.toContain('Doctor');
    const long = await t.gql('query ($text: String!) { searchSpecialties(text: $text) { code } }', { text: 'a'.repeat(200) });
    expect(long.errors?.[0]?.message).toMatch(/^ARO-E2002/);
  });

  it('queryPractitioner(has:) runs the same search, and still matches a role code exactly', async () => {
    const byText = await t.gql<{ queryPractitioner: Doctor[] }>(
      'query ($has: String) { queryPractitioner(limit: 50, has: $has) { id } }',
      { has: `${tag}kam` },
    );
    expect(byText.data?.queryPractitioner.map((d) => d.id)).toEqual([ids.kamal]);
    const byCode = await t.gql<{ queryPractitioner: Doctor[] }>(
      'query ($has: String) { queryPractitioner(limit: 50, has: $has) { id } }',
      { has: `${tag}-derm` },
    );
    expect(byCode.data?.queryPractitioner.map((d) => d.id)).toEqual([ids.kamal]);
  });

  it('keeps the search words in step when a doctor is renamed', async () => {
    const db = t.database.db;
    await db.update(practitioners).set({ text: `Dr. ${tag}Renamed Fernando` }).where(eq(practitioners.id, ids.kamal));
    expect(await doctors(`${tag}renamed`)).toEqual([ids.kamal]);
    expect(await doctors(`${tag}kamal`)).toEqual([]);
  });
});
