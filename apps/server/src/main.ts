import path from 'node:path';
import pino from 'pino';
import { buildApp } from './app.ts';
import { loadEnv } from './config/env.ts';
import { openDatabase } from './db/client.ts';
import { lockDataDir } from './db/data-dir-lock.ts';
import { createTenantRegistry } from './modules/tenants/tenants.registry.ts';
import { seedDemoIfEmpty } from './db/seed/seed.ts';
import { seedDemoPhotosIfMissing } from './db/seed/demo-photos.ts';
import { seedDemoStaffIfEmpty } from './db/seed/staff-seed.ts';
import { createProviders } from './providers/providers.ts';
import { checkConfiguration, databaseUnreachable } from './config/check-configuration.ts';
import { loadAppSecret } from './config/secret.ts';
import { resolveSmsConfig, resolveSmsFallbackConfig } from './providers/sms/sms-config.ts';
import { startMetricsServer } from './metrics/metrics.routes.ts';
import { shutdownTracing, tracingConfigured, tracingStarted } from './tracing/tracing-bridge.ts';
import { serveOnlineBackups, type OnlineBackupServer } from './db/backup/online-backup.ts';

async function main(): Promise<void> {
  const env = loadEnv();
  const bootLog = pino({ level: env.LOG_LEVEL });
  // Every stage's settings before any is used: one message names every bad key (issue 31 §1.2).
  const [tenants, , , appSecret] = checkConfiguration([
    () => createTenantRegistry(env),
    () => resolveSmsConfig(env),
    () => resolveSmsFallbackConfig(env),
    () => loadAppSecret(env),
  ]);
  if (!env.DATABASE_URL) {
    // The embedded database allows one process: a second server would lose the first one's writes.
    const lock = lockDataDir(env.DATA_DIR);
    process.on('exit', () => lock.release());
  }
  const database = await openDatabase(
    env.DATABASE_URL
      ? {
          kind: 'postgres',
          url: env.DATABASE_URL,
          onConnectionError: (error) => {
            bootLog.error({ err: error }, 'database connection lost; the pool reconnects');
          },
        }
      : { kind: 'pglite', dataDir: path.join(env.DATA_DIR, 'pglite') },
  ).catch((error: unknown) => {
    throw env.DATABASE_URL ? databaseUnreachable(env.DATABASE_URL, error) : error;
  });
  if (env.SEED_DEMO) {
    await seedDemoIfEmpty(database.db, tenants, bootLog);
    // Demo staff have a published password: never in production (README, issue 7 point 7).
    const staff = await seedDemoStaffIfEmpty(database.db, tenants, env.NODE_ENV);
    if (staff > 0) {
      bootLog.info({ staff }, 'demo staff seeded (development passwords, see README)');
    }
  }
  const providers = await createProviders(env, database, tenants, bootLog, { appSecret });
  if (env.SEED_DEMO) {
    // The demo doctors' portraits go through the blob store, which exists from here (issue 29 §4.14).
    const photos = await seedDemoPhotosIfMissing(database.db, tenants, providers.blobStore);
    if (photos > 0) {
      bootLog.info({ photos }, 'demo doctor portraits seeded (drawn illustrations)');
    }
  }
  const app = await buildApp({ env, database, tenants, providers });
  // npm run backup while the embedded database runs here: only this process may read it (issue 31 §4.13).
  const onlineBackups: OnlineBackupServer | null = database.dumpDataDir
    ? await serveOnlineBackups(env.DATA_DIR, database.dumpDataDir, app.log)
    : null;

  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) {
      return;
    }
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long, exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    try {
      await onlineBackups?.close();
      await app.close();
      await database.close();
      // The last requests' spans are still buffered.
      await shutdownTracing();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ port: env.PORT, host: env.HOST });
  if (env.METRICS_PORT !== undefined) {
    const metrics = await startMetricsServer({ port: env.METRICS_PORT, host: env.METRICS_HOST });
    app.log.info({ port: metrics.port, host: env.METRICS_HOST }, 'metrics on their own port (/metrics)');
  }
  if (tracingStarted()) {
    // The endpoint's origin only: a URL may carry credentials.
    const endpoint = env.OTEL_EXPORTER_OTLP_ENDPOINT ? new URL(env.OTEL_EXPORTER_OTLP_ENDPOINT).origin : undefined;
    app.log.info({ endpoint }, 'tracing on: OpenTelemetry spans go to the OTLP endpoint');
  } else if (tracingConfigured(process.env)) {
    app.log.warn(
      'OTEL_EXPORTER_OTLP_ENDPOINT is set but the tracing preload did not run: start with npm start, or node --import apps/server/dist/tracing.js apps/server/dist/main.js',
    );
  }
  app.log.info(
    { port: env.PORT, database: database.kind, tenants: tenants.all().map((t) => t.id), seedDemo: env.SEED_DEMO },
    'Careline is running',
  );
}

main().catch((error: unknown) => {
  // Configuration errors name every bad key; print them plainly and stop.
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
