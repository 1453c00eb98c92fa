// `npm run backup -- --out <file>`: backs up the database the server is configured with (issue 31 §4.13).
//   PostgreSQL (DATABASE_URL): pg_dump -Fc of the database; the instances keep running.
//   PGlite (DATA_DIR): the embedded database's folder as one file; taken by the running server over
//   DATA_DIR/backup.sock, or, with no server running, by this script under DATA_DIR's lock.
// Restore with `npm run restore -- --from <file>`; docs/operations.md "Backup and restore".
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadEnv } from '../config/env.ts';
import { backupDatabase } from '../db/backup/backup.ts';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string' } }, strict: true });
  if (!values.out) {
    throw new Error('Usage: npm run backup -- --out FILE');
  }
  // A relative --out is the caller's (npm runs scripts from the workspace; INIT_CWD is where it was typed).
  const out = path.resolve(process.env.INIT_CWD ?? process.cwd(), values.out);
  // Relative DATA_DIR resolves at the repository root, as for the server.
  process.chdir(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..'));
  const env = loadEnv();
  const result = await backupDatabase(env, out);
  const how =
    result.kind === 'postgres'
      ? 'pg_dump -Fc of DATABASE_URL'
      : result.mode === 'online'
        ? 'PGlite, taken by the running server'
        : 'PGlite, no server was running';
  console.log(`Backup written: ${result.file} (${(result.bytes / 1024 / 1024).toFixed(1)} MiB, ${how}).`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
