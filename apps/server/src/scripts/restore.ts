// `npm run restore -- --from <file> [--no-safety-copy]`: replaces the configured database with a backup
// made by `npm run backup` (issue 31 §4.13), with every server stopped. What was there is kept: PGlite's
// folder is moved aside in DATA_DIR, PostgreSQL's database is first dumped beside the backup file
// (unless --no-safety-copy).
// `npm run restore -- --mark-only [--data-as-of <ISO time>] [--source <text>]`: after a restore made by
// other means (PostgreSQL's point-in-time recovery), only the step below.
// Either way the restore is recorded and every session that could still take bookings is paused until
// staff confirm its highest token in the staff console: tokens given after the backup are not in the
// data, and must never be given again.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadEnv } from '../config/env.ts';
import { markRestoredDatabase, restoreDatabase } from '../db/backup/backup.ts';
import { pauseBookingsAfterRestore, type RestoreMark } from '../modules/consultations/index.ts';

const USAGE =
  'Usage: npm run restore -- --from FILE [--no-safety-copy]\n' +
  '       npm run restore -- --mark-only [--data-as-of ISO-TIME] [--source TEXT]';

function report(mark: RestoreMark): string {
  const asOf = mark.dataAsOf ? mark.dataAsOf.toISOString() : 'unknown (no change recorded)';
  return [
    `Newest change in the restored data: ${asOf}. Bookings made after it are not in the data.`,
    mark.pausedSessions > 0
      ? `Bookings of ${mark.pausedSessions} session(s) are paused: staff confirm each session's highest token already given ` +
        '(staff console, Sessions, "Bookings paused after a restore"), then it takes bookings again.'
      : 'No session could still take bookings: nothing is paused.',
  ].join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      from: { type: 'string' },
      'mark-only': { type: 'boolean' },
      'data-as-of': { type: 'string' },
      source: { type: 'string' },
      'no-safety-copy': { type: 'boolean' },
    },
    strict: true,
  });
  const markOnly = values['mark-only'] === true;
  if (markOnly === Boolean(values.from)) {
    throw new Error(USAGE);
  }
  const dataAsOf = values['data-as-of'] === undefined ? null : new Date(values['data-as-of']);
  if (dataAsOf && Number.isNaN(dataAsOf.getTime())) {
    throw new Error(`--data-as-of must be an ISO 8601 time, e.g. 2026-01-31T14:25:00+05:30\n${USAGE}`);
  }
  const from = values.from ? path.resolve(process.env.INIT_CWD ?? process.cwd(), values.from) : null;
  // Relative DATA_DIR resolves at the repository root, as for the server.
  process.chdir(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..'));
  const env = loadEnv();
  if (!from) {
    const mark = await markRestoredDatabase(env, (database) =>
      pauseBookingsAfterRestore(database.db, { source: values.source ?? 'restore by other means (--mark-only)', dataAsOf }),
    );
    console.log(`Restore recorded.\n${report(mark)}`);
    return;
  }
  const result = await restoreDatabase(env, from, { safetyCopy: values['no-safety-copy'] !== true }, (database) =>
    pauseBookingsAfterRestore(database.db, { source: values.source ?? path.basename(from), dataAsOf }),
  );
  const into = result.kind === 'postgres' ? 'the database of DATABASE_URL' : path.join(env.DATA_DIR, 'pglite');
  console.log(
    [
      `Restored ${from} into ${into}.`,
      result.previous ? `What was there before is kept in ${result.previous}.` : 'There was no database there before.',
      report(result.marked),
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
