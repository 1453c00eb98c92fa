import type { Logger } from 'pino';
import type { Db } from '../client.ts';
import type { TenantRegistry } from '../../modules/tenants/tenants.types.ts';

/**
 * Seeds the demo hospital group for every tenant whose data is empty. Idempotent.
 * @param db - database
 * @param tenants - tenant registry
 * @param log - logger
 */
export async function seedDemoIfEmpty(db: Db, tenants: TenantRegistry, log: Logger): Promise<void> {
  void db;
  void tenants;
  log.info('demo seed not built yet');
}
