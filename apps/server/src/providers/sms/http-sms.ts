import { SmsSendError, type SmsConfig, type SmsTransport } from './sms.ts';

const defaultTemplates = {
  json: '{"to":"{{to}}","message":"{{body}}","sender":"{{sender}}"}',
  form: 'to={{to}}&message={{body}}&sender={{sender}}',
} as const;

/**
 * Reads SMS_HTTP_HEADERS: a JSON object of header names to string values.
 * @param raw - the variable's text
 */
export function parseHttpHeaders(raw: string): Record<string, string> {
  const parsed: unknown = JSON.parse(raw);
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new Error('not an object');
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(parsed)) {
    if (typeof value !== 'string') {
      throw new Error(`header ${name} is not a string`);
    }
    headers[name] = value;
  }
  return headers;
}

/**
 * Fills {{to}}, {{msisdn}}, {{body}}, {{sender}} and {{reference}}, escaping each value for where it goes.
 * @param template - the text with placeholders
 * @param values - the raw values
 * @param escape - JSON string escaping, form/URL encoding
 */
export function fillTemplate(
  template: string,
  values: Record<string, string>,
  escape: (value: string) => string,
): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) =>
    key in values ? escape(values[key] ?? '') : whole,
  );
}

const jsonEscape = (value: string): string => JSON.stringify(value).slice(1, -1);

/**
 * A generic HTTP SMS gateway (local operators' APIs): URL, method, headers and a body template;
 * any 2xx answer counts as sent.
 * @param config - HTTP gateway settings
 */
export function createHttpTransport(config: Extract<SmsConfig, { provider: 'http' }>): SmsTransport {
  return {
    provider: 'http',
    deliver: async (to, body, sender, reference) => {
      const values = { to, msisdn: to.replace(/^\+/, ''), body, sender, reference };
      const url = fillTemplate(config.url, values, encodeURIComponent);
      const headers: Record<string, string> = { accept: 'application/json', ...config.headers };
      let payload: string | undefined;
      if (config.method !== 'GET') {
        const template = config.bodyTemplate ?? defaultTemplates[config.contentType];
        payload =
          config.contentType === 'json'
            ? fillTemplate(template, values, jsonEscape)
            : fillTemplate(template, values, encodeURIComponent);
        headers['content-type'] =
          config.contentType === 'json' ? 'application/json' : 'application/x-www-form-urlencoded';
      }
      let response: Response;
      try {
        response = await fetch(url, {
          method: config.method,
          headers,
          body: payload,
          signal: AbortSignal.timeout(config.timeoutMs),
        });
      } catch (error) {
        throw new SmsSendError(`sms gateway request failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      const text = await response.text().catch(() => '');
      if (!response.ok) {
        throw new SmsSendError(`sms gateway answered ${response.status}: ${text.slice(0, 200)}`);
      }
      return { providerMessageId: messageIdFrom(text) };
    },
  };
}

function messageIdFrom(text: string): string | null {
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    for (const key of ['messageId', 'message_id', 'id', 'sid', 'campaignId']) {
      const value = parsed[key];
      if (typeof value === 'string' || typeof value === 'number') {
        return String(value);
      }
    }
  } catch {
    return null;
  }
  return null;
}
