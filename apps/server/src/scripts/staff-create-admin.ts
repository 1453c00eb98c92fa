// `npm run staff:create-admin -- --email ops@hospital.lk --name "Ops Admin" [--tenant ID] [--hospital ID|NAME ...]`
// Creates an admin of the tenant's hospitals (all active ones unless --hospital is given) and prints a
// temporary password, which must be changed at first sign-in at /staff. The only way the first admin
// comes to exist in production, where no demo credentials are ever seeded.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadEnv } from '../config/env.ts';
import { openDatabase } from '../db/client.ts';
import { createAdminFromCommandLine } from '../modules/staff/staff.bootstrap.ts';
import { createTenantRegistry } from '../modules/tenants/tenants.registry.ts';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      tenant: { type: 'string' },
      hospital: { type: 'string', multiple: true },
    },
    strict: true,
  });
  if (!values.email || !values.name) {
    throw new Error(
      'Usage: npm run staff:create-admin -- --email EMAIL --name NAME [--tenant ID] [--hospital ID|NAME ...]',
    );
  }
  // Relative DATA_DIR resolves at the repository root, as for the server.
  process.chdir(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..'));
  const env = loadEnv();
  const tenants = createTenantRegistry(env);
  const tenant = values.tenant
    ? tenants.all().find((t) => t.id === values.tenant)
    : tenants.defaultTenant;
  if (!tenant) {
    throw new Error(
      `Unknown tenant '${values.tenant ?? ''}': ${tenants
        .all()
        .map((t) => t.id)
        .join(', ')}`,
    );
  }
  const database = await openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: path.join(env.DATA_DIR, 'pglite') },
  );
  try {
    const created = await createAdminFromCommandLine(database.db, {
      tenantId: tenant.id,
      email: values.email,
      displayName: values.name,
      hospitals: values.hospital ?? [],
    });
    console.log(
      [
        `Admin ${values.email} created in tenant '${tenant.id}' for: ${created.hospitals.join(', ')}.`,
        `Temporary password (shown once; it must be changed at first sign-in at /staff):`,
        `  ${created.temporaryPassword}`,
      ].join('\n'),
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
