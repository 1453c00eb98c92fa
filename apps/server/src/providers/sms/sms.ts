import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../config/env.ts';
import type { Database } from '../../db/client.ts';
import type { TenantRegistry } from '../../modules/tenants/tenants.types.ts';

export type SmsMessage = { tenantId: string; to: string; body: string };

/** Sends SMS through the configured provider and records every message. */
export type SmsSender = {
  provider: string;
  send: (message: SmsMessage) => Promise<void>;
};

/**
 * The SMS sender chosen by configuration.
 * @param env - validated environment
 * @param database - where messages are recorded
 * @param tenants - tenant registry
 * @param log - logger
 */
export function createSmsSender(
  env: Env,
  database: Database,
  tenants: TenantRegistry,
  log: FastifyBaseLogger,
): SmsSender {
  void env;
  void database;
  void tenants;
  return {
    provider: 'none',
    send: async (message) => {
      log.info({ to: message.to }, 'sms provider not built yet');
    },
  };
}
