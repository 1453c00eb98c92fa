import type { Env } from '../../config/env.ts';
import { parseHttpHeaders } from './http-sms.ts';
import type { SmsConfig } from './sms.ts';

// Apart from the interface (sms.ts), which the adapters implement: reading the HTTP adapter's
// settings needs that adapter (issue 28: no file cycle).

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
