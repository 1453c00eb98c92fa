import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../config/env.ts';
import type { TenantRegistry } from '../../modules/tenants/index.ts';
import { createHttpTransport } from './http-sms.ts';
import { createOutboxTransport } from './outbox-sms.ts';
import { resolveSmsConfig } from './sms-config.ts';
import {
  recordingSmsSender,
  type SmsConfig,
  type SmsMessageStore,
  type SmsSender,
  type SmsTransport,
} from './sms.ts';
import { createTwilioTransport } from './twilio-sms.ts';

// The factory stands apart from the interface (sms.ts) so that the adapters, which implement the
// interface, are not imported by it in turn (issue 28: no file cycle).

/**
 * Builds the adapter for a resolved configuration.
 * @param config - resolved SMS settings
 * @param log - logger (the outbox logs message bodies)
 */
export function createSmsTransport(config: SmsConfig, log: FastifyBaseLogger): SmsTransport {
  switch (config.provider) {
    case 'outbox':
      return createOutboxTransport(config, log);
    case 'twilio':
      return createTwilioTransport(config);
    case 'http':
      return createHttpTransport(config);
  }
}

/**
 * The SMS sender chosen by configuration; throws at start when the configuration is incomplete.
 * @param env - validated environment
 * @param store - where messages are recorded
 * @param tenants - tenant registry
 * @param log - logger
 */
export function createSmsSender(
  env: Env,
  store: SmsMessageStore,
  tenants: TenantRegistry,
  log: FastifyBaseLogger,
): SmsSender {
  const config = resolveSmsConfig(env);
  const keepBodies = config.provider === 'outbox' && env.NODE_ENV !== 'production';
  return recordingSmsSender(createSmsTransport(config, log), store, tenants, log, {
    keepBodies,
  });
}
