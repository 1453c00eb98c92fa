import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../config/env.ts';
import { smsDeliveries, smsFallbacks } from '../../metrics/metrics.ts';
import type { TenantRegistry } from '../../modules/tenants/index.ts';
import { createHttpTransport } from './http-sms.ts';
import { createOutboxTransport } from './outbox-sms.ts';
import { resolveSmsConfig, resolveSmsFallbackConfig } from './sms-config.ts';
import {
  recordingSmsSender,
  SmsSendError,
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
      return countedDeliveries(createOutboxTransport(config, log));
    case 'twilio':
      return countedDeliveries(createTwilioTransport(config));
    case 'http':
      return countedDeliveries(createHttpTransport(config));
  }
}

/** Counts each delivery into careline_sms_deliveries_total by provider and outcome. */
function countedDeliveries(transport: SmsTransport): SmsTransport {
  return {
    provider: transport.provider,
    deliver: async (to, body, sender, reference) => {
      try {
        const answer = await transport.deliver(to, body, sender, reference);
        smsDeliveries.inc({ provider: transport.provider, outcome: 'sent' });
        return answer;
      } catch (error) {
        smsDeliveries.inc({ provider: transport.provider, outcome: 'failed' });
        throw error;
      }
    },
  };
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

/**
 * The sender of sign-in codes (issue 31 §4.12): a code cannot wait for the outbox's retries, so
 * when the first provider refuses it, it is tried once on the second (SMS_FALLBACK_PROVIDER); with
 * none configured it is the first provider's sender itself.
 * @param env - validated environment
 * @param primary - the first provider's sender (createSmsSender)
 * @param store - where messages are recorded
 * @param tenants - tenant registry
 * @param log - logger
 */
export function createSignInSmsSender(
  env: Env,
  primary: SmsSender,
  store: SmsMessageStore,
  tenants: TenantRegistry,
  log: FastifyBaseLogger,
): SmsSender {
  const config = resolveSmsFallbackConfig(env);
  if (!config) {
    return primary;
  }
  const fallback = recordingSmsSender(createSmsTransport(config, log), store, tenants, log);
  return {
    provider: primary.provider,
    send: async (message) => {
      try {
        await primary.send(message);
        return;
      } catch (error) {
        if (!(error instanceof SmsSendError)) {
          throw error;
        }
        // The reason is already redacted and logged by the first sender.
        log.warn({ provider: primary.provider, fallback: fallback.provider, tenantId: message.tenantId }, 'sign-in SMS refused; trying the fallback provider once');
      }
      try {
        await fallback.send(message);
      } catch (error) {
        smsFallbacks.inc({ outcome: 'failed' });
        throw error;
      }
      smsFallbacks.inc({ outcome: 'sent' });
    },
  };
}
