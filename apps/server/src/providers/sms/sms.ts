import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../config/env.ts';
import type { TenantRegistry } from '../../modules/tenants/tenants.types.ts';
import { createHttpTransport, parseHttpHeaders } from './http-sms.ts';
import { createOutboxTransport } from './outbox-sms.ts';
import { createTwilioTransport } from './twilio-sms.ts';

/** One message to send; `to` is the normalised 94XXXXXXXXX form (spec doc 1 §5). */
export type SmsMessage = { tenantId: string; to: string; body: string };

/** Sends SMS through the configured provider and records every message. */
export type SmsSender = {
  provider: string;
  /** Resolves when the provider accepted the message; rejects (SmsSendError) otherwise. */
  send: (message: SmsMessage) => Promise<void>;
};

/** One sent or failed message as it is recorded (codes already hidden unless kept for the dev outbox). */
export type SmsRecord = {
  tenantId: string;
  provider: string;
  to: string;
  body: string;
  status: 'sent' | 'failed';
  providerMessageId?: string | null;
  error?: string;
};

/** Where messages are recorded; implemented over the database by modules/sms/sms.repo.ts. */
export type SmsMessageStore = { record: (message: SmsRecord) => Promise<void> };

/** What an adapter does: hand one message to its provider. */
export type SmsTransport = {
  provider: SmsProvider;
  /**
   * @param to - E.164 number, e.g. +94771234567
   * @param body - the text
   * @param sender - the tenant's sender name (alphanumeric sender id where the provider allows one)
   */
  deliver: (
    to: string,
    body: string,
    sender: string,
  ) => Promise<{ providerMessageId: string | null }>;
};

export type SmsProvider = 'outbox' | 'twilio' | 'http';

export type SmsConfig =
  | { provider: 'outbox'; production: boolean }
  | {
      provider: 'twilio';
      accountSid: string;
      authToken: string;
      from: string | null;
      messagingServiceSid: string | null;
      baseUrl: string;
      timeoutMs: number;
    }
  | {
      provider: 'http';
      url: string;
      method: 'POST' | 'PUT' | 'GET';
      headers: Record<string, string>;
      bodyTemplate: string | null;
      contentType: 'json' | 'form';
      timeoutMs: number;
    };

/** Thrown when a provider did not accept a message; the text is for logs only. */
export class SmsSendError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SmsSendError';
  }
}

/**
 * Works out the SMS provider settings, naming every missing or bad variable.
 * @param env - validated environment
 */
export function resolveSmsConfig(env: Env): SmsConfig {
  const production = env.NODE_ENV === 'production';
  const problems: string[] = [];
  const provider = env.SMS_PROVIDER ?? (production ? null : 'outbox');
  if (provider === null) {
    throw new Error(
      'Invalid configuration:\n  SMS_PROVIDER: required in production (twilio or http; outbox only with SMS_ALLOW_OUTBOX_IN_PRODUCTION=true)',
    );
  }
  switch (provider) {
    case 'outbox':
      // Codes written to a table instead of phones would lock every patient out of a live system.
      if (production && !env.SMS_ALLOW_OUTBOX_IN_PRODUCTION) {
        problems.push(
          'SMS_PROVIDER: outbox does not deliver messages; set twilio or http, or SMS_ALLOW_OUTBOX_IN_PRODUCTION=true',
        );
      }
      break;
    case 'twilio':
      if (!env.TWILIO_ACCOUNT_SID) {
        problems.push('TWILIO_ACCOUNT_SID: required when SMS_PROVIDER=twilio');
      }
      if (!env.TWILIO_AUTH_TOKEN) {
        problems.push('TWILIO_AUTH_TOKEN: required when SMS_PROVIDER=twilio');
      }
      if (!env.TWILIO_FROM && !env.TWILIO_MESSAGING_SERVICE_SID) {
        problems.push(
          'TWILIO_FROM: required when SMS_PROVIDER=twilio (or TWILIO_MESSAGING_SERVICE_SID)',
        );
      }
      break;
    case 'http':
      if (!env.SMS_HTTP_URL) {
        problems.push('SMS_HTTP_URL: required when SMS_PROVIDER=http');
      }
      break;
  }
  let headers: Record<string, string> = {};
  if (provider === 'http' && env.SMS_HTTP_HEADERS) {
    try {
      headers = parseHttpHeaders(env.SMS_HTTP_HEADERS);
    } catch {
      problems.push('SMS_HTTP_HEADERS: must be a JSON object of string values');
    }
  }
  if (problems.length > 0) {
    throw new Error(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
  if (provider === 'twilio') {
    return {
      provider,
      accountSid: env.TWILIO_ACCOUNT_SID ?? '',
      authToken: env.TWILIO_AUTH_TOKEN ?? '',
      from: env.TWILIO_FROM ?? null,
      messagingServiceSid: env.TWILIO_MESSAGING_SERVICE_SID ?? null,
      baseUrl: env.TWILIO_BASE_URL,
      timeoutMs: env.SMS_TIMEOUT_MS,
    };
  }
  if (provider === 'http') {
    return {
      provider,
      url: env.SMS_HTTP_URL ?? '',
      method: env.SMS_HTTP_METHOD,
      headers,
      bodyTemplate: env.SMS_HTTP_BODY_TEMPLATE ?? null,
      contentType: env.SMS_HTTP_CONTENT_TYPE,
      timeoutMs: env.SMS_TIMEOUT_MS,
    };
  }
  return { provider: 'outbox', production };
}

/**
 * The E.164 form providers expect: 94771234567 → +94771234567.
 * @param mobileNo - normalised 94XXXXXXXXX number (a leading + is kept)
 */
export function toE164(mobileNo: string): string {
  return mobileNo.startsWith('+') ? mobileNo : `+${mobileNo}`;
}

/**
 * Hides one-time codes (runs of 4 to 8 digits) in a message body or a provider's error text
 * before it is stored or logged.
 * @param body - the SMS text
 */
export function redactCodes(body: string): string {
  return body.replace(/(?<!\d)\d{4,8}(?!\d)/g, '••••');
}

/**
 * Hides in a text (a provider's error answer) the codes that a message body carries.
 * @param text - the text to clean
 * @param body - the SMS text whose codes must not appear
 */
export function redactCodesOf(text: string, body: string): string {
  const codes = new Set(body.match(/(?<!\d)\d{4,8}(?!\d)/g) ?? []);
  let cleaned = text;
  for (const code of codes) {
    cleaned = cleaned.split(code).join('••••');
  }
  return cleaned;
}

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
 * Wraps a transport so that every message is recorded in sms_messages (sent or failed).
 * @param transport - the provider adapter
 * @param store - where messages are recorded
 * @param tenants - tenant registry (for the sender name)
 * @param log - logger
 * @param options - keepBodies: store message texts with their codes (only the dev outbox, outside
 *   production: GET /dev/sms-outbox is how the demo and browser tests sign in)
 */
export function recordingSmsSender(
  transport: SmsTransport,
  store: SmsMessageStore,
  tenants: TenantRegistry,
  log: FastifyBaseLogger,
  options: { keepBodies: boolean } = { keepBodies: false },
): SmsSender {
  return {
    provider: transport.provider,
    send: async (message) => {
      const sender =
        tenants.byId(message.tenantId)?.smsSenderName ?? tenants.defaultTenant.smsSenderName;
      const row = {
        tenantId: message.tenantId,
        provider: transport.provider,
        to: message.to.replace(/^\+/, ''),
        // A stored code is a way in for anyone who can read the table (issue 3 point 2).
        body: options.keepBodies ? message.body : redactCodes(message.body),
      };
      let providerMessageId: string | null;
      try {
        ({ providerMessageId } = await transport.deliver(toE164(message.to), message.body, sender));
      } catch (error) {
        // Gateways may echo the message (and its code) in their error answers; their own error
        // numbers (Twilio's 21211) stay readable.
        const reason = redactCodesOf(
          error instanceof Error ? error.message : String(error),
          message.body,
        );
        log.warn(
          { provider: transport.provider, tenantId: message.tenantId, reason },
          'sms send failed',
        );
        await store
          .record({ ...row, status: 'failed', error: reason.slice(0, 500) })
          .catch((recordError: unknown) => log.error({ err: recordError }, 'sms record failed'));
        // A fresh error with the redacted text: callers log it (auth.service.ts).
        throw new SmsSendError(reason);
      }
      await store.record({ ...row, status: 'sent', providerMessageId });
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
