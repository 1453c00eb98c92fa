import { SmsSendError, type SmsConfig, type SmsTransport } from './sms.ts';

/**
 * Twilio's Messages API: POST {base}/2010-04-01/Accounts/{AccountSid}/Messages.json, form-encoded,
 * basic auth with the account SID and auth token.
 * @param config - Twilio settings (the base URL is configurable so tests can use a local fake)
 */
export function createTwilioTransport(config: Extract<SmsConfig, { provider: 'twilio' }>): SmsTransport {
  const url = `${config.baseUrl.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
  return {
    provider: 'twilio',
    deliver: async (to, body) => {
      const form = new URLSearchParams({ To: to, Body: body });
      // A messaging service picks the sender itself; otherwise From is the configured number or id.
      if (config.messagingServiceSid) {
        form.set('MessagingServiceSid', config.messagingServiceSid);
      } else if (config.from) {
        form.set('From', config.from);
      }
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            authorization,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: form.toString(),
          signal: AbortSignal.timeout(config.timeoutMs),
        });
      } catch (error) {
        throw new SmsSendError(`twilio request failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      const text = await response.text().catch(() => '');
      let parsed: { sid?: unknown; code?: unknown; message?: unknown } = {};
      try {
        parsed = JSON.parse(text) as typeof parsed;
      } catch {
        parsed = {};
      }
      if (!response.ok) {
        const detail = typeof parsed.message === 'string' ? parsed.message : text.slice(0, 200);
        const code = typeof parsed.code === 'number' || typeof parsed.code === 'string' ? ` ${parsed.code}` : '';
        throw new SmsSendError(`twilio ${response.status}${code}: ${detail}`);
      }
      return { providerMessageId: typeof parsed.sid === 'string' ? parsed.sid : null };
    },
  };
}
