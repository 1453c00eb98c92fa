// `npm run seed [-- --reset] [-- --demo-accounts] [-- --bench]`: seeds the database the server uses.
//   (no flag)        seed the demo hospital group for tenants that have no data yet
//   --reset          empty every table (all tenants) first, then seed
//   --demo-accounts  also create the demo account 94770000001 with two profiles and loyalty points
//   --bench          (re)create the benchmark tenant 'bench': 10,000 practitioners, 5,000 sessions
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { loadEnv } from '../config/env.ts';
import { openDatabase } from '../db/client.ts';
import { lockDataDir } from '../db/data-dir-lock.ts';
import { createTenantRegistry } from '../modules/tenants/tenants.registry.ts';
import {
  DEMO_ACCOUNT_MOBILE,
  resetAllData,
  seedBench,
  seedDemoAccounts,
  seedDemoIfEmpty,
} from '../db/seed/seed.ts';
import { seedDemoStaffIfEmpty } from '../db/seed/staff-seed.ts';

const KNOWN_FLAGS = new Set(['--reset', '--demo-accounts', '--bench']);

async function main(): Promise<void> {
  const flags = process.argv.slice(2);
  const unknown = flags.filter((flag) => !KNOWN_FLAGS.has(flag));
  if (unknown.length > 0) {
    throw new Error(
      `Unknown option ${unknown.join(', ')}. Use --reset, --demo-accounts or --bench.`,
    );
  }
  // The server runs from the repository root (scripts/start.mjs), so a relative DATA_DIR must
  // resolve there too, whichever folder npm runs this script from.
  process.chdir(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..'));
  const env = loadEnv();
  const log = pino({ level: env.LOG_LEVEL === 'silent' ? 'info' : env.LOG_LEVEL });

  const pgliteDir = path.join(env.DATA_DIR, 'pglite');
  if (!env.DATABASE_URL && fs.existsSync(path.join(pgliteDir, 'postmaster.pid'))) {
    // PGlite allows one process per folder; writing beside a running server corrupts the database.
    throw new Error(
      `The database in ${pgliteDir} is in use by a running Careline server. Stop the server and run the seed again.\n` +
        `If no server is running (it was killed), delete ${path.join(pgliteDir, 'postmaster.pid')} and retry.`,
    );
  }

  const lock = env.DATABASE_URL ? null : lockDataDir(env.DATA_DIR, 'npm run seed');
  process.on('exit', () => lock?.release());
  const tenants = createTenantRegistry(env);
  const database = await openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: pgliteDir },
  );
  try {
    if (flags.includes('--reset')) {
      await resetAllData(database.db);
      log.info('all tables emptied');
    }
    await seedDemoIfEmpty(database.db, tenants, log);
    await seedDemoStaffIfEmpty(database.db, tenants, env.NODE_ENV);
    if (flags.includes('--demo-accounts')) {
      await seedDemoAccounts(database.db, tenants);
      log.info({ mobileNo: DEMO_ACCOUNT_MOBILE }, 'demo account present in every tenant');
    }
    if (flags.includes('--bench')) {
      await seedBench(database.db, log);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
