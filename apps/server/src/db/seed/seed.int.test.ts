import { and, count, eq, ne } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  accounts,
  consultationSessions,
  organizations,
  practitionerRoles,
  practitioners,
  questionnaires,
} from '../schema/index.ts';
import { listPractitioners } from '../../modules/hospitals/hospitals.service.ts';
import { searchConsultationSessions } from '../../modules/consultations/consultations.service.ts';
import { resetAllData, seedBench, seedDemoAccounts, seedDemoIfEmpty } from './seed.ts';

/*
 * The demo seed's own promises (README: 3 hospitals, 60 practitioners across 12 specialties, sessions
 * for the next 14 days). API tests make their rows with test/factories.ts and never count on these.
 */

const silent = pino({ level: 'silent' });
const FIRST_HOST = { host: 'first.localhost' };
// A literal limit: the row budget (graphql/limits.ts) counts a variable limit as the maximum.
const PRACTITIONERS = `{ queryPractitioner(limit: 1000) { id active name { text } roles { code display } } }`;
type Practitioner = {
  id: string;
  active: boolean;
  name: { text: string };
  roles: { code: string; display: string }[];
};

describe('demo seed', () => {
  let t: TestApp;
  const tenantCounts = async (tenantId: string) => {
    const db = t.database.db;
    const [orgs] = await db
      .select({ n: count() })
      .from(organizations)
      .where(eq(organizations.tenantId, tenantId));
    const [docs] = await db
      .select({ n: count() })
      .from(practitioners)
      .where(eq(practitioners.tenantId, tenantId));
    const [roles] = await db
      .select({ n: count() })
      .from(practitionerRoles)
      .where(eq(practitionerRoles.tenantId, tenantId));
    const [sessions] = await db
      .select({ n: count() })
      .from(consultationSessions)
      .where(eq(consultationSessions.tenantId, tenantId));
    return { orgs: orgs?.n, docs: docs?.n, roles: roles?.n, sessions: sessions?.n };
  };
  const doctors = async (headers: Record<string, string> = {}) =>
    (await t.gql<{ queryPractitioner: Practitioner[] }>(PRACTITIONERS, {}, headers)).data
      ?.queryPractitioner ?? [];

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoIfEmpty(t.database.db, t.tenants, silent);
  });
  afterAll(async () => {
    await t.close();
  });

  it('seeds three open hospitals per demo tenant and a closed branch', async () => {
    const result = await t.gql<{ queryOrganization: { name: string }[] }>(
      '{ queryOrganization { name } }',
    );
    expect(result.data?.queryOrganization.map((o) => o.name)).toEqual([
      'Careline Hospitals - Colombo',
      'Careline Hospitals - Galle',
      'Careline Hospitals - Kandy',
    ]);
    const first = await t.gql<{ queryOrganization: { name: string }[] }>(
      '{ queryOrganization { name } }',
      {},
      FIRST_HOST,
    );
    expect(first.data?.queryOrganization.map((o) => o.name)).toEqual([
      'Lakeside Hospitals - Colombo',
      'Lakeside Hospitals - Galle',
      'Lakeside Hospitals - Kandy',
    ]);
    const [closed] = await t.database.db
      .select({ n: count() })
      .from(organizations)
      .where(and(eq(organizations.tenantId, 'careline-demo'), eq(organizations.active, false)));
    expect(closed?.n).toBeGreaterThanOrEqual(1);
  });

  it('seeds the pre-visit questionnaire in en, si and ta for every demo tenant; the first tenant asks it (issue 30 §4.9)', async () => {
    const features = async (headers: Record<string, string> = {}) =>
      (await t.gql<{ tenantConfig: { features: { questionnaireResponse: { enabled: boolean } } } }>(
        '{ tenantConfig }',
        {},
        headers,
      )).data?.tenantConfig.features.questionnaireResponse.enabled;
    expect(await features(FIRST_HOST)).toBe(true);
    expect(await features()).toBe(false);
    for (const tenant of ['careline-demo', 'first-tenant']) {
      const rows = await t.database.db.select().from(questionnaires).where(eq(questionnaires.tenantId, tenant));
      expect(rows.map((row) => [row.title, row.status, row.organizationId])).toEqual([['Before your visit', 'active', null]]);
      const [row] = rows;
      expect(row?.items.map((item) => item.linkId)).toEqual(['1', '2', '3', '4', '5']);
      for (const language of ['si', 'ta']) {
        const translation = row?.translations?.[language];
        expect(translation?.items.map((item) => item.linkId)).toEqual(['1', '2', '3', '4', '5']);
        // Each checkBox question has its options in the same number in every language.
        for (const item of row?.items ?? []) {
          expect(translation?.items.find((other) => other.linkId === item.linkId)?.options?.length).toBe(item.options?.length);
        }
      }
    }
  });

  it('seeds 60 listed doctors across 12 specialties, plus inactive and role-less ones that stay hidden', async () => {
    const listed = await doctors();
    expect(listed).toHaveLength(60);
    expect(new Set(listed.flatMap((p) => p.roles.map((r) => r.display))).size).toBe(12);
    expect(listed.map((p) => p.name.text)).toContain('Dr. Nimal Perera');
    const [all] = await t.database.db
      .select({ n: count() })
      .from(practitioners)
      .where(eq(practitioners.tenantId, 'careline-demo'));
    expect(all?.n).toBeGreaterThanOrEqual(66);
    const firstListed = await doctors(FIRST_HOST);
    expect(firstListed).toHaveLength(60);
    const demoIds = new Set(listed.map((p) => p.id));
    expect(firstListed.some((p) => demoIds.has(p.id))).toBe(false);
  });

  it('seeds sessions from today on, with cancelled, aborted, unlimited and video ones', async () => {
    const db = t.database.db;
    const rows = await db
      .select({
        status: consultationSessions.status,
        max: consultationSessions.appointmentMaxAllowed,
        mode: consultationSessions.participationMode,
      })
      .from(consultationSessions)
      .where(
        and(
          eq(consultationSessions.tenantId, 'careline-demo'),
          ne(consultationSessions.status, 'scheduled'),
        ),
      );
    expect(rows.some((r) => r.status === 'provider_aborted')).toBe(true);
    expect(rows.some((r) => r.status === 'practitioner_canceled')).toBe(true);
    const [unlimited] = await db
      .select({ n: count() })
      .from(consultationSessions)
      .where(
        and(
          eq(consultationSessions.tenantId, 'careline-demo'),
          eq(consultationSessions.appointmentMaxAllowed, -1),
        ),
      );
    expect(unlimited?.n).toBeGreaterThan(0);
    const [video] = await db
      .select({ n: count() })
      .from(consultationSessions)
      .where(
        and(
          eq(consultationSessions.tenantId, 'careline-demo'),
          eq(consultationSessions.participationMode, 'remote_presence_video_call'),
        ),
      );
    expect(video?.n).toBeGreaterThan(0);
  });

  it('caps practitioners at 10000 and sessions at 5000 on the benchmark generator', async () => {
    const now = new Date();
    await seedBench(t.database.db, silent, {
      tenantId: 'bench-caps',
      practitioners: 10_250,
      sessions: 5_200,
      now,
    });
    const listed = await listPractitioners(t.database.db, 'bench-caps', { limit: 50_000 });
    expect(listed).toHaveLength(10_000);
    const found = await searchConsultationSessions(
      t.database.db,
      'bench-caps',
      { limit: 50_000 },
      now,
    );
    expect(found).toHaveLength(5_000);
    expect(found.some((s) => s.status === 'provider_aborted')).toBe(false);
    // 15,000 rows: a guard against a hang, not a speed check; the int stage runs two files at once.
  }, 240_000);

  it('does not seed twice, and --reset empties every table and seeds the same demo again', async () => {
    const before = await tenantCounts('careline-demo');
    const namesBefore = (await doctors()).map((p) => p.name.text).sort();
    await seedDemoIfEmpty(t.database.db, t.tenants, silent);
    expect(await tenantCounts('careline-demo')).toEqual(before);

    await seedDemoAccounts(t.database.db, t.tenants);
    const [withAccount] = await t.database.db.select({ n: count() }).from(accounts);
    expect(withAccount?.n).toBe(2);
    await resetAllData(t.database.db);
    const [none] = await t.database.db.select({ n: count() }).from(organizations);
    expect(none?.n).toBe(0);
    await seedDemoIfEmpty(t.database.db, t.tenants, silent);
    const [noAccounts] = await t.database.db.select({ n: count() }).from(accounts);
    expect(noAccounts?.n).toBe(0);
    expect(await tenantCounts('careline-demo')).toEqual(before);
    expect((await doctors()).map((p) => p.name.text).sort()).toEqual(namesBefore);
  });
});
