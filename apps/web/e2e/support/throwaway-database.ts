import { randomBytes } from 'node:crypto';

/**
 * Makes a throwaway database on DATABASE_URL's server, for a run's or a journey's own servers.
 * @param serverUrl - a PostgreSQL URL whose user may CREATE DATABASE
 * @returns its URL, and how to drop it (WITH (FORCE): servers killed with -9 leave sessions behind)
 */
export async function createThrowawayDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const { default: pg } = await import('pg');
  const name = `careline_e2e_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}
