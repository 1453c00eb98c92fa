import type { FastifyBaseLogger } from 'fastify';
import type { TenantRegistry } from '../../modules/tenants/index.ts';

/**
 * One message to send; `to` is the normalised 94XXXXXXXXX form (spec doc 1 §5). `reference` is the
 * same on every try of one message (its SMS outbox row), for gateways that drop a repeated
 * reference (the HTTP adapter's {{reference}}).
 */
export type SmsMessage = { tenantId: string; to: string; body: string; reference?: string };

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
   * @param reference - the message's own id, the same on each try ('' when it has none)
   */
  deliver: (
    to: string,
    body: string,
    sender: string,
    reference: string,
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

/** A provider that hands messages to phones (the fallback is one of these, never the outbox). */
export type RemoteSmsConfig = Exclude<SmsConfig, { provider: 'outbox' }>;

/** Thrown when a provider did not accept a message; the text is for logs only. */
export class SmsSendError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SmsSendError';
  }
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
        ({ providerMessageId } = await transport.deliver(
          toE164(message.to),
          message.body,
          sender,
          message.reference ?? '',
        ));
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
