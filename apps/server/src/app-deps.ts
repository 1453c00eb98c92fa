import type { DestinationStream } from 'pino';
import type { Env } from './config/env.ts';
import type { Database } from './db/client.ts';
import type { Viewer } from './modules/auth/index.ts';
import type { StaffViewer } from './modules/staff/index.ts';
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

/**
 * Resolves an access token to whoever it signs in, as GraphQL does: a patient's viewer or a staff
 * member (never both), and whether a token was given and refused. The blob, invoice, lab report
 * and FHIR export routes receive it from app.ts.
 */
export type ViewerLookup = (
  tenantId: string,
  token: string | null,
) => Promise<{ viewer: Viewer | null; staff: StaffViewer | null; rejectedToken: boolean }>;
