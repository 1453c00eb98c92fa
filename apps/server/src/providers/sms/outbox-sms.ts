import type { FastifyBaseLogger } from 'fastify';
import { redactCodes, type SmsConfig, type SmsTransport } from './sms.ts';

/**
 * The development provider: messages only go to the sms_messages table (read back by
 * GET /dev/sms-outbox) and the log.
 * @param config - outbox settings (production hides codes in the log)
 * @param log - logger
 */
export function createOutboxTransport(
  config: Extract<SmsConfig, { provider: 'outbox' }>,
  log: FastifyBaseLogger,
): SmsTransport {
  return {
    provider: 'outbox',
    deliver: async (to, body) => {
      // In production logs are shipped and kept: a code in them would be a way in.
      log.info({ to, body: config.production ? redactCodes(body) : body }, 'sms (outbox)');
      return { providerMessageId: null };
    },
  };
}
