import type { DestinationStream } from 'pino';
import type { Env } from './config/env.ts';
import type { Database } from './db/client.ts';
import type { TenantRegistry } from './modules/tenants/tenants.types.ts';
import type { Providers } from './providers/providers.ts';

/** What buildApp and every route module receive: configuration, database, tenants and providers. */
export type AppDeps = {
  env: Env;
  database: Database;
  tenants: TenantRegistry;
  providers: Providers;
  /** Where log lines go instead of stdout (tests capture them to check what is logged). */
  logStream?: DestinationStream;
};
