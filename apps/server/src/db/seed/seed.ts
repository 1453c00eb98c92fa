import { randomUUID } from 'node:crypto';
import { and, count, eq, getTableColumns, sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import type { Logger } from 'pino';
import type { Db, DbOrTx, Tx } from '../client.ts';
import {
  accounts,
  chargingSchemes,
  consultationSessions,
  diagnosticReportCodes,
  diagnosticReportSubCodes,
  loyaltyAccounts,
  organizations,
  patients,
  practitionerRoles,
  practitioners,
  procedureCodes,
  questionnaires,
} from '../schema/index.ts';
import type { ServerTenant, TenantRegistry } from '../../modules/tenants/tenants.types.ts';
import { hospitalTime, hospitalWeekday } from '../../modules/hospitals/hospitals.time.ts';
import { createPrng, type Prng } from './prng.ts';
import {
  ANCHOR_DOCTORS,
  DEFAULT_DIAGNOSTIC_REPORT_CODES,
  DEFAULT_PROCEDURE_CODES,
  DEMO_BRANCHES,
  DEMO_SPECIALTIES,
  DIAGNOSTIC_REPORT_CODE_SYSTEM,
  DOCTOR_ROLE,
  FAMILY_NAMES,
  GIVEN_NAMES,
  HOSPITAL_FEE_TAX_RATE,
  PROCEDURE_CODE_SYSTEM,
  PRE_VISIT_QUESTIONNAIRE,
} from './demo-data.ts';

/** Days of sessions the demo seed creates, starting today. */
export const DEMO_SESSION_DAYS = 14;
/** The mobile number of the demo account created by `npm run seed -- --demo-accounts`. */
export const DEMO_ACCOUNT_MOBILE = '94770000001';
/** Tenant id of the benchmark data set. */
export const BENCH_TENANT_ID = 'bench';

/** What the demo seed needs to know about a tenant. */
export type SeedTenant = { id: string; shortName: string; currency: string };

type SeedLog = Pick<Logger, 'info'>;

const BATCH_ROWS = 5000;

/**
 * Multi-row inserts sent as one JSON parameter per batch (jsonb_to_recordset): a big seed is a few
 * statements, with no per-value parameters to bind. Columns left out get their defaults.
 */
async function insertBatched<T extends PgTable>(
  tx: DbOrTx,
  table: T,
  rows: T['$inferInsert'][],
): Promise<void> {
  if (rows.length === 0) {
    return;
  }
  const config = getTableConfig(table);
  const byKey = new Map(Object.entries(getTableColumns(table)));
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))].filter((key) =>
    byKey.has(key),
  );
  const columns = keys.map((key) => {
    const column = byKey.get(key);
    if (!column) {
      throw new Error(`unknown column ${key}`);
    }
    return { key, name: column.name, type: column.getSQLType() };
  });
  const names = sql.join(
    columns.map((c) => sql.identifier(c.name)),
    sql`, `,
  );
  const definitions = sql.raw(columns.map((c) => `"${c.name}" ${c.type}`).join(', '));
  for (let i = 0; i < rows.length; i += BATCH_ROWS) {
    const batch = rows.slice(i, i + BATCH_ROWS).map((row) => {
      const record = row as Record<string, unknown>;
      return Object.fromEntries(columns.map((c) => [c.name, record[c.key] ?? null]));
    });
    await tx.execute(
      sql`insert into ${sql.identifier(config.name)} (${names})
          select ${names} from jsonb_to_recordset(${JSON.stringify(batch)}::jsonb) as r(${definitions})`,
    );
  }
}

const toSeedTenant = (tenant: ServerTenant): SeedTenant => ({
  id: tenant.id,
  shortName: tenant.publicConfig.branding.shortName,
  currency: tenant.publicConfig.currency,
});

const round2 = (value: number): number => Math.round(value * 100) / 100;

/** Fee lines of a consultation: doctor fee, hospital fee and its tax (spec doc 2 §3 Charging scheme, §4 Refund categories). */
function feeLines(doctorFee: number, hospitalFee: number) {
  return [
    { category: 'doctor_fee', description: 'Doctor fee', amount: doctorFee },
    { category: 'hospital_fee', description: 'Hospital fee', amount: hospitalFee },
    {
      category: 'hospital_fee_tax',
      description: 'Hospital fee tax',
      amount: round2(hospitalFee * HOSPITAL_FEE_TAX_RATE),
    },
  ];
}

type PractitionerPlan = {
  row: typeof practitioners.$inferInsert & { id: string };
  specialty: (typeof DEMO_SPECIALTIES)[number] | null;
  /** Branch indexes the doctor works at; the first is home. */
  branches: number[];
  anchor: boolean;
  withSessions: boolean;
  rolePlan: 'specialty' | 'none' | 'doctor-only';
};

function planPractitioners(rng: Prng, tenantId: string): PractitionerPlan[] {
  const used = new Set<string>(ANCHOR_DOCTORS.map((d) => `${d.given} ${d.family}`));
  const uniqueName = (): { given: string; family: string } => {
    for (;;) {
      const given = rng.pick(GIVEN_NAMES);
      const family = rng.pick(FAMILY_NAMES);
      if (!used.has(`${given} ${family}`)) {
        used.add(`${given} ${family}`);
        return { given, family };
      }
    }
  };
  const row = (name: { given: string; family: string }, active = true) => ({
    id: randomUUID(),
    tenantId,
    prefix: 'Dr.',
    givenName: name.given,
    familyName: name.family,
    text: `Dr. ${name.given} ${name.family}`,
    active,
    includeNoShowInPractitionerPayment: rng.chance(0.2),
  });
  const activeBranchCount = DEMO_BRANCHES.filter((b) => !('closed' in b)).length;
  const plans: PractitionerPlan[] = [];
  DEMO_SPECIALTIES.forEach((specialty, index) => {
    const anchor = ANCHOR_DOCTORS[index];
    if (anchor) {
      plans.push({
        row: row(anchor),
        specialty,
        branches: [0],
        anchor: true,
        withSessions: true,
        rolePlan: 'specialty',
      });
    }
    for (let i = 0; i < 4; i += 1) {
      const home = rng.int(activeBranchCount);
      const branches = rng.chance(0.3)
        ? [home, (home + 1 + rng.int(activeBranchCount - 1)) % activeBranchCount]
        : [home];
      plans.push({
        row: row(uniqueName()),
        specialty,
        branches,
        anchor: false,
        withSessions: true,
        rolePlan: 'specialty',
      });
    }
  });
  // Hidden from every search: inactive doctors, doctors without a role, and one with only 'Doctor'.
  for (let i = 0; i < 3; i += 1) {
    plans.push({
      row: row(uniqueName(), false),
      specialty: DEMO_SPECIALTIES[i] ?? null,
      branches: [0],
      anchor: false,
      withSessions: false,
      rolePlan: 'specialty',
    });
  }
  for (let i = 0; i < 2; i += 1) {
    plans.push({
      row: row(uniqueName()),
      specialty: null,
      branches: [0],
      anchor: false,
      withSessions: false,
      rolePlan: 'none',
    });
  }
  plans.push({
    row: row(uniqueName()),
    specialty: null,
    branches: [1],
    anchor: false,
    withSessions: false,
    rolePlan: 'doctor-only',
  });
  return plans;
}

/**
 * Writes one tenant's demo hospital group: branches, doctors, fees, two weeks of sessions, lab
 * and procedure codes, and the pre-visit questionnaire (asked at each of its hospitals).
 */
async function writeDemoTenant(
  tx: Tx,
  tenant: SeedTenant,
  now: Date,
): Promise<{ practitioners: number; sessions: number }> {
  const rng = createPrng(`careline-demo:${tenant.id}`);
  const orgRows = DEMO_BRANCHES.map((branch) => ({
    id: randomUUID(),
    tenantId: tenant.id,
    name: `${tenant.shortName} Hospitals - ${branch.city}`,
    city: branch.city,
    phone: branch.phone,
    active: !('closed' in branch),
  }));
  await insertBatched(tx, organizations, orgRows);

  const plans = planPractitioners(rng, tenant.id);
  await insertBatched(
    tx,
    practitioners,
    plans.map((p) => p.row),
  );
  const roleRows: (typeof practitionerRoles.$inferInsert)[] = [];
  for (const plan of plans) {
    const homeOrg = orgRows[plan.branches[0] ?? 0]?.id ?? null;
    if (plan.rolePlan !== 'none') {
      roleRows.push({
        tenantId: tenant.id,
        practitionerId: plan.row.id,
        organizationId: homeOrg,
        ...DOCTOR_ROLE,
      });
    }
    if (plan.rolePlan === 'specialty' && plan.specialty) {
      roleRows.push({
        tenantId: tenant.id,
        practitionerId: plan.row.id,
        organizationId: homeOrg,
        code: plan.specialty.code,
        display: plan.specialty.display,
      });
    }
  }
  await insertBatched(tx, practitionerRoles, roleRows);

  // One charging scheme per doctor and branch.
  const schemeRows: (typeof chargingSchemes.$inferInsert & { id: string })[] = [];
  const schemeOf = new Map<string, string>();
  for (const plan of plans) {
    if (!plan.specialty) {
      continue;
    }
    const doctorFee = plan.specialty.doctorFee + rng.pick([0, 0, 500, 1000]);
    for (const branchIndex of plan.branches) {
      const org = orgRows[branchIndex];
      const branch = DEMO_BRANCHES[branchIndex];
      if (!org || !branch) {
        continue;
      }
      const id = randomUUID();
      schemeOf.set(`${plan.row.id}:${branchIndex}`, id);
      schemeRows.push({
        id,
        tenantId: tenant.id,
        organizationId: org.id,
        practitionerId: plan.row.id,
        name: `${plan.row.text} - Channelling`,
        items: feeLines(doctorFee, branch.hospitalFee),
        currency: tenant.currency,
      });
    }
  }
  await insertBatched(tx, chargingSchemes, schemeRows);

  const sessionRows: (typeof consultationSessions.$inferInsert)[] = [];
  const addSession = (
    plan: PractitionerPlan,
    branchIndex: number,
    day: number,
    start: [number, number],
    hours: number,
    options: { max: number; video: boolean; status?: string },
  ): void => {
    const org = orgRows[branchIndex];
    const branch = DEMO_BRANCHES[branchIndex];
    if (!org || !branch || !plan.specialty) {
      return;
    }
    const startTime = hospitalTime(now, day, start[0], start[1]);
    sessionRows.push({
      tenantId: tenant.id,
      organizationId: org.id,
      practitionerId: plan.row.id,
      practitionerRoleCode: plan.specialty.code,
      practitionerRoleDisplay: plan.specialty.display,
      chargingSchemeId: schemeOf.get(`${plan.row.id}:${branchIndex}`) ?? null,
      status: options.status ?? 'scheduled',
      startTime,
      endTime: new Date(startTime.getTime() + hours * 3_600_000),
      appointmentMaxAllowed: options.max,
      participationMode: options.video ? 'remote_presence_video_call' : 'in_person',
      serviceTypeCode: '2',
      serviceCategory: options.video ? 'video_channelling' : 'channelling',
      locationName: options.video ? 'Video consultation' : rng.pick(branch.rooms),
    });
  };

  const anchorMax = [20, -1, 15, 25, 20, 30, 10, 15, 20, 25, 20, 30];
  let forced = 0;
  plans.forEach((plan, planIndex) => {
    if (!plan.withSessions) {
      return;
    }
    if (plan.anchor) {
      const max = anchorMax[DEMO_SPECIALTIES.findIndex((s) => s === plan.specialty)] ?? 20;
      for (let day = 0; day < DEMO_SESSION_DAYS; day += 1) {
        addSession(plan, 0, day, [17, 30], 3, { max, video: false });
        // The first anchor (Dr. Nimal Perera) also sees patients by video every other morning.
        if (planIndex === 0 && day % 2 === 1) {
          addSession(plan, 0, day, [7, 0], 1, { max: 10, video: true });
        }
      }
      return;
    }
    // Two weekly clinics per doctor, morning or evening, at one of the doctor's branches.
    const weekdays = new Set<number>();
    while (weekdays.size < 2) {
      weekdays.add(rng.int(7));
    }
    const clinics = [...weekdays].map((weekday) => ({
      weekday,
      start: rng.pick<[number, number]>([
        [8, 0],
        [9, 30],
        [16, 30],
        [18, 0],
      ]),
      branch: rng.pick(plan.branches),
      max: rng.pick([10, 15, 20, 25, 30, 40, -1]),
      video: rng.chance(0.15),
    }));
    for (let day = 0; day < DEMO_SESSION_DAYS; day += 1) {
      for (const clinic of clinics.filter((c) => c.weekday === hospitalWeekday(now, day))) {
        // A few cancelled sessions, and a few the provider aborted (hidden from searches, spec doc 2 §4).
        const roll = rng.next();
        let status =
          roll < 0.03 ? 'practitioner_canceled' : roll < 0.06 ? 'provider_aborted' : 'scheduled';
        if (forced < 2) {
          status = forced === 0 ? 'provider_aborted' : 'practitioner_canceled';
          forced += 1;
        }
        addSession(plan, clinic.branch, day, clinic.start, 3, {
          max: clinic.max,
          video: clinic.video,
          status,
        });
      }
    }
  });
  await insertBatched(tx, consultationSessions, sessionRows);

  await seedCodes(tx, tenant.id);
  await tx.insert(questionnaires).values({ tenantId: tenant.id, ...PRE_VISIT_QUESTIONNAIRE });
  return { practitioners: plans.length, sessions: sessionRows.length };
}

/** The default lab test and procedure codes (spec doc 1 §3). */
async function seedCodes(tx: Tx, tenantId: string): Promise<void> {
  const codeRows = DEFAULT_DIAGNOSTIC_REPORT_CODES.map((code) => ({
    id: randomUUID(),
    tenantId,
    code: code.code,
    display: code.display,
    system: DIAGNOSTIC_REPORT_CODE_SYSTEM,
    resultValueType: code.resultValueType,
  }));
  await insertBatched(tx, diagnosticReportCodes, codeRows);
  const subRows = DEFAULT_DIAGNOSTIC_REPORT_CODES.flatMap((code, codeIndex) =>
    code.subCodes.map((sub, order) => ({
      tenantId,
      diagnosticReportCodeId: codeRows[codeIndex]?.id ?? '',
      name: sub.name,
      parameterOrder: order + 1,
      unit: sub.unit,
      referenceRange:
        sub.low !== null && sub.high !== null ? { low: sub.low, high: sub.high } : null,
    })),
  );
  await insertBatched(tx, diagnosticReportSubCodes, subRows);
  await insertBatched(
    tx,
    procedureCodes,
    DEFAULT_PROCEDURE_CODES.map((code) => ({ tenantId, ...code, system: PROCEDURE_CODE_SYSTEM })),
  );
}

/**
 * Seeds one tenant's demo hospital group when it has no organizations yet. Safe when several
 * servers start at once: a per-tenant advisory lock serialises them and the check runs under it.
 * @param db - database
 * @param tenant - id, short brand name and currency
 * @param now - the instant sessions are placed relative to
 * @returns whether the tenant was seeded now
 */
export async function seedTenantIfEmpty(
  db: Db,
  tenant: SeedTenant,
  now = new Date(),
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7311024, hashtext(${tenant.id}))`);
    const [existing] = await tx
      .select({ n: count() })
      .from(organizations)
      .where(eq(organizations.tenantId, tenant.id));
    if ((existing?.n ?? 0) > 0) {
      return false;
    }
    await writeDemoTenant(tx, tenant, now);
    return true;
  });
}

/**
 * Seeds the demo hospital group for every tenant whose data is empty. Idempotent.
 * @param db - database
 * @param tenants - tenant registry
 * @param log - logger
 */
export async function seedDemoIfEmpty(
  db: Db,
  tenants: TenantRegistry,
  log: SeedLog,
): Promise<void> {
  for (const tenant of tenants.all()) {
    const seeded = await seedTenantIfEmpty(db, toSeedTenant(tenant));
    log.info(
      { tenant: tenant.id, seeded },
      seeded ? 'demo hospital group seeded' : 'demo data present, not seeding',
    );
  }
}

/**
 * Creates the demo account (mobile 94770000001) with two profiles and loyalty accounts, once per tenant.
 * Only `npm run seed -- --demo-accounts` calls it, so a normal start never creates accounts.
 * @param db - database
 * @param tenants - tenant registry
 */
export async function seedDemoAccounts(db: Db, tenants: TenantRegistry): Promise<void> {
  for (const tenant of tenants.all()) {
    await db.transaction(async (tx) => {
      const [found] = await tx
        .select({ id: accounts.id })
        .from(accounts)
        .where(and(eq(accounts.tenantId, tenant.id), eq(accounts.mobileNo, DEMO_ACCOUNT_MOBILE)));
      if (found) {
        return;
      }
      const [account] = await tx
        .insert(accounts)
        .values({ tenantId: tenant.id, mobileNo: DEMO_ACCOUNT_MOBILE })
        .returning({ id: accounts.id });
      if (!account) {
        return;
      }
      const [me, mother] = await tx
        .insert(patients)
        .values([
          {
            tenantId: tenant.id,
            accountId: account.id,
            prefix: 'Mr',
            givenName: 'Kasun',
            familyName: 'Perera',
            gender: 'male',
            birthDate: '1988-04-12',
            relationship: 'Me',
            addressCity: 'Colombo',
            mobileNo: DEMO_ACCOUNT_MOBILE,
          },
          {
            tenantId: tenant.id,
            accountId: account.id,
            prefix: 'Mrs',
            givenName: 'Malini',
            familyName: 'Perera',
            gender: 'female',
            birthDate: '1960-09-03',
            relationship: 'Mother',
            addressCity: 'Colombo',
          },
        ])
        .returning({ id: patients.id });
      const { name, rate } = tenant.publicConfig.loyalty;
      // The mother's zero-point account exists but is hidden by the app (spec doc 2 §2 Loyalty).
      await tx.insert(loyaltyAccounts).values([
        { tenantId: tenant.id, patientId: me?.id ?? '', name, activePoints: 1250, rate },
        { tenantId: tenant.id, patientId: mother?.id ?? '', name, activePoints: 0, rate },
      ]);
    });
  }
}

/** Rows of a raw query: both drivers answer `{ rows }`. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? [];

/**
 * Empties every application table (all tenants), keeping the migrations. For `seed --reset` and tests.
 * @param db - database
 */
export async function resetAllData(db: Db): Promise<void> {
  const result = rowsOf<{ tablename: string }>(
    await db.execute(
      sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
    ),
  );
  const tables = result.map((row) => `"public"."${row.tablename.replaceAll('"', '""')}"`);
  if (tables.length > 0) {
    await db.transaction(async (tx) => {
      await allowAuditReset(tx);
      await tx.execute(sql.raw(`TRUNCATE ${tables.join(', ')} RESTART IDENTITY CASCADE`));
    });
  }
}

/**
 * The audit trail refuses DELETE and TRUNCATE (migration 0002) except inside a transaction that set
 * this: only the reset and tenant removal below do, never a request.
 * @param tx - the transaction that empties tables
 */
async function allowAuditReset(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select set_config('careline.reset_all_data', 'on', true)`);
}

/**
 * Deletes one tenant's rows from every table that has tenant_id, children before parents.
 * @param db - database or transaction
 * @param tenantId - the tenant to remove
 */
export async function deleteTenantData(db: DbOrTx, tenantId: string): Promise<void> {
  await allowAuditReset(db);
  const tablesResult = rowsOf<{ table_name: string }>(
    await db.execute(
      sql`select table_name from information_schema.columns
          where table_schema = 'public' and column_name = 'tenant_id'`,
    ),
  );
  const edgesResult = rowsOf<{ child: string; parent: string }>(
    await db.execute(
      sql`select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
          from pg_constraint c join pg_namespace n on n.oid = c.connamespace
          where c.contype = 'f' and n.nspname = 'public'`,
    ),
  );
  const strip = (name: string): string => name.replace(/^public\./, '').replaceAll('"', '');
  const remaining = new Set(tablesResult.map((row) => row.table_name));
  const edges = edgesResult.map((edge) => ({
    child: strip(edge.child),
    parent: strip(edge.parent),
  }));
  // Delete a table once no remaining table references it (self-references aside).
  while (remaining.size > 0) {
    const ready = [...remaining].filter(
      (table) =>
        !edges.some((e) => e.parent === table && e.child !== table && remaining.has(e.child)),
    );
    const batch = ready.length > 0 ? ready : [...remaining];
    for (const table of batch) {
      await db.execute(sql`delete from ${sql.identifier(table)} where tenant_id = ${tenantId}`);
      remaining.delete(table);
    }
  }
}

/**
 * The benchmark data set: 10,000 practitioners and 5,000 sessions in tenant 'bench' (replaced when present).
 * @param db - database
 * @param log - logger
 * @param options - sizes and the tenant id
 */
export async function seedBench(
  db: Db,
  log: SeedLog,
  options: { tenantId?: string; practitioners?: number; sessions?: number; now?: Date } = {},
): Promise<{ practitioners: number; sessions: number }> {
  const tenantId = options.tenantId ?? BENCH_TENANT_ID;
  const practitionerCount = options.practitioners ?? 10_000;
  const sessionCount = options.sessions ?? 5_000;
  const now = options.now ?? new Date();
  const rng = createPrng(`careline-bench:${tenantId}`);
  await db.transaction(async (tx) => {
    await deleteTenantData(tx, tenantId);
    const orgRows = Array.from({ length: 10 }, (_, i) => ({
      id: randomUUID(),
      tenantId,
      name: `Bench Hospital ${i + 1}`,
      city: rng.pick(['Colombo', 'Kandy', 'Galle', 'Jaffna', 'Kurunegala']),
    }));
    await insertBatched(tx, organizations, orgRows);
    const doctorRows = Array.from({ length: practitionerCount }, (_, i) => {
      const given = rng.pick(GIVEN_NAMES);
      const family = rng.pick(FAMILY_NAMES);
      return {
        id: randomUUID(),
        tenantId,
        givenName: given,
        familyName: `${family} ${i + 1}`,
        text: `Dr. ${given} ${family} ${i + 1}`,
        active: i % 50 !== 49,
      };
    });
    await insertBatched(tx, practitioners, doctorRows);
    const specialtyOf = doctorRows.map(() => rng.pick(DEMO_SPECIALTIES));
    const roleRows = doctorRows.flatMap((doctor, i) => [
      { tenantId, practitionerId: doctor.id, ...DOCTOR_ROLE },
      {
        tenantId,
        practitionerId: doctor.id,
        code: specialtyOf[i]?.code ?? 'x',
        display: specialtyOf[i]?.display ?? 'x',
      },
    ]);
    await insertBatched(tx, practitionerRoles, roleRows);
    const sessionRows = Array.from({ length: sessionCount }, (_, i) => {
      const doctorIndex = rng.int(doctorRows.length);
      const specialty = specialtyOf[doctorIndex] ?? DEMO_SPECIALTIES[0];
      const startTime = hospitalTime(
        now,
        rng.int(DEMO_SESSION_DAYS),
        rng.pick([8, 9, 16, 17, 18]),
        0,
      );
      return {
        tenantId,
        organizationId: rng.pick(orgRows).id,
        practitionerId: doctorRows[doctorIndex]?.id ?? '',
        practitionerRoleCode: specialty.code,
        practitionerRoleDisplay: specialty.display,
        status: i % 100 === 99 ? 'provider_aborted' : 'scheduled',
        startTime,
        endTime: new Date(startTime.getTime() + 3 * 3_600_000),
        appointmentMaxAllowed: rng.pick([10, 20, 30, -1]),
        participationMode: rng.chance(0.1) ? 'remote_presence_video_call' : 'in_person',
      };
    });
    await insertBatched(tx, consultationSessions, sessionRows);
  });
  log.info(
    { tenant: tenantId, practitioners: practitionerCount, sessions: sessionCount },
    'bench data seeded',
  );
  return { practitioners: practitionerCount, sessions: sessionCount };
}
