import type { Env } from '../../config/env.ts';
import { parseHttpHeaders } from './http-sms.ts';
import type { RemoteSmsConfig, SmsConfig } from './sms.ts';

// Apart from the interface (sms.ts), which the adapters implement: reading the HTTP adapter's
// settings needs that adapter (issue 28: no file cycle).

/** One provider's settings as read from the environment, with the names they were read under. */
type ProviderSettings = {
  /** 'SMS_PROVIDER' or 'SMS_FALLBACK_PROVIDER': the variable that chose the provider. */
  chosenBy: string;
  /** The name of one of the provider's own variables: TWILIO_FROM, SMS_HTTP_URL, or SMS_FALLBACK_TWILIO_FROM, … */
  name: (variable: `TWILIO_${string}` | `HTTP_${string}`) => string;
  twilio: {
    accountSid?: string;
    authToken?: string;
    from?: string;
    messagingServiceSid?: string;
    baseUrl: string;
  };
  http: {
    url?: string;
    method: 'POST' | 'PUT' | 'GET';
    headers?: string;
    bodyTemplate?: string;
    contentType: 'json' | 'form';
  };
};

/**
 * Reads one provider's settings, naming every missing or bad variable in `problems`.
 * @param provider - the chosen provider (twilio or http)
 * @param settings - its variables
 * @param timeoutMs - SMS_TIMEOUT_MS
 * @param problems - where bad variables are named
 */
function providerConfig(
  provider: 'twilio' | 'http',
  settings: ProviderSettings,
  timeoutMs: number,
  problems: string[],
): RemoteSmsConfig {
  const { chosenBy, name } = settings;
  const when = `when ${chosenBy}=${provider}`;
  if (provider === 'twilio') {
    const { twilio } = settings;
    if (!twilio.accountSid) {
      problems.push(`${name('TWILIO_ACCOUNT_SID')}: required ${when}`);
    }
    if (!twilio.authToken) {
      problems.push(`${name('TWILIO_AUTH_TOKEN')}: required ${when}`);
    }
    if (!twilio.from && !twilio.messagingServiceSid) {
      problems.push(
        `${name('TWILIO_FROM')}: required ${when} (or ${name('TWILIO_MESSAGING_SERVICE_SID')})`,
      );
    }
    return {
      provider,
      accountSid: twilio.accountSid ?? '',
      authToken: twilio.authToken ?? '',
      from: twilio.from ?? null,
      messagingServiceSid: twilio.messagingServiceSid ?? null,
      baseUrl: twilio.baseUrl,
      timeoutMs,
    };
  }
  const { http } = settings;
  if (!http.url) {
    problems.push(`${name('HTTP_URL')}: required ${when}`);
  }
  let headers: Record<string, string> = {};
  if (http.headers) {
    try {
      headers = parseHttpHeaders(http.headers);
    } catch {
      problems.push(`${name('HTTP_HEADERS')}: must be a JSON object of string values`);
    }
  }
  return {
    provider,
    url: http.url ?? '',
    method: http.method,
    headers,
    bodyTemplate: http.bodyTemplate ?? null,
    contentType: http.contentType,
    timeoutMs,
  };
}

function invalid(problems: string[]): Error {
  return new Error(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
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
  if (provider === 'outbox') {
    // Codes written to a table instead of phones would lock every patient out of a live system.
    if (production && !env.SMS_ALLOW_OUTBOX_IN_PRODUCTION) {
      throw invalid([
        'SMS_PROVIDER: outbox does not deliver messages; set twilio or http, or SMS_ALLOW_OUTBOX_IN_PRODUCTION=true',
      ]);
    }
    return { provider: 'outbox', production };
  }
  const config = providerConfig(
    provider,
    {
      chosenBy: 'SMS_PROVIDER',
      name: (variable) => (variable.startsWith('HTTP_') ? `SMS_${variable}` : variable),
      twilio: {
        accountSid: env.TWILIO_ACCOUNT_SID,
        authToken: env.TWILIO_AUTH_TOKEN,
        from: env.TWILIO_FROM,
        messagingServiceSid: env.TWILIO_MESSAGING_SERVICE_SID,
        baseUrl: env.TWILIO_BASE_URL,
      },
      http: {
        url: env.SMS_HTTP_URL,
        method: env.SMS_HTTP_METHOD,
        headers: env.SMS_HTTP_HEADERS,
        bodyTemplate: env.SMS_HTTP_BODY_TEMPLATE,
        contentType: env.SMS_HTTP_CONTENT_TYPE,
      },
    },
    env.SMS_TIMEOUT_MS,
    problems,
  );
  if (problems.length > 0) {
    throw invalid(problems);
  }
  return config;
}

/**
 * The second provider the sign-in code is tried on once when the first refuses it
 * (SMS_FALLBACK_PROVIDER and its SMS_FALLBACK_* settings, issue 31 §4.12), or null when none is
 * configured; names every missing or bad variable.
 * @param env - validated environment
 */
export function resolveSmsFallbackConfig(env: Env): RemoteSmsConfig | null {
  const provider = env.SMS_FALLBACK_PROVIDER;
  if (!provider) {
    return null;
  }
  const problems: string[] = [];
  const config = providerConfig(
    provider,
    {
      chosenBy: 'SMS_FALLBACK_PROVIDER',
      name: (variable) => `SMS_FALLBACK_${variable}`,
      twilio: {
        accountSid: env.SMS_FALLBACK_TWILIO_ACCOUNT_SID,
        authToken: env.SMS_FALLBACK_TWILIO_AUTH_TOKEN,
        from: env.SMS_FALLBACK_TWILIO_FROM,
        messagingServiceSid: env.SMS_FALLBACK_TWILIO_MESSAGING_SERVICE_SID,
        baseUrl: env.SMS_FALLBACK_TWILIO_BASE_URL,
      },
      http: {
        url: env.SMS_FALLBACK_HTTP_URL,
        method: env.SMS_FALLBACK_HTTP_METHOD,
        headers: env.SMS_FALLBACK_HTTP_HEADERS,
        bodyTemplate: env.SMS_FALLBACK_HTTP_BODY_TEMPLATE,
        contentType: env.SMS_FALLBACK_HTTP_CONTENT_TYPE,
      },
    },
    env.SMS_TIMEOUT_MS,
    problems,
  );
  if (problems.length > 0) {
    throw invalid(problems);
  }
  return config;
}
