import type { CyberSourceSettings, HttpRequester } from './gateway.ts';
import { signedRestHeaders } from './http-signature.ts';

/*
 * What the CyberSource REST calls share (issue 9 §3): the signed POST to {restBaseUrl}{path} and the
 * answer's JSON, read leniently (a body that is not a JSON object reads as {}).
 */

/** The REST answer of a payment, a refund or a payer authentication, as far as the adapter reads it. */
export type RestAnswer = {
  id?: string;
  status?: string;
  reason?: string;
  message?: string;
  clientReferenceInformation?: { code?: string };
  orderInformation?: {
    amountDetails?: { authorizedAmount?: string; totalAmount?: string; currency?: string };
  };
  errorInformation?: { reason?: string; message?: string };
  response?: { rmsg?: string };
  consumerAuthenticationInformation?: {
    stepUpUrl?: string;
    accessToken?: string;
    authenticationTransactionId?: string;
    /** Why the authentication was cancelled: '01' the cardholder selected Cancel. */
    challengeCancelCode?: string;
  };
};

function parseRest<T extends object>(body: string): Partial<T> {
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed && typeof parsed === 'object' ? parsed : {};
  } catch {
    return {};
  }
}

/** Whether the settings lack what the REST API's HTTP Signature needs. */
export function restKeysMissing(settings: CyberSourceSettings): boolean {
  return !settings.merchantId || !settings.restKeyId || !settings.restSecretKey;
}

/**
 * POSTs a JSON payload to {restBaseUrl}{path}, signed with the REST keys (HTTP Signature). Throws
 * what the requester throws (a network failure or timeout).
 * @param http - the gateway HTTP requester (providers.gatewayHttp)
 * @param settings - the tenant's CyberSource settings
 * @param path - the API path, '/pts/v2/payments'
 * @param payload - the JSON body
 */
export async function restPost<T extends object = RestAnswer>(
  http: HttpRequester,
  settings: CyberSourceSettings,
  path: string,
  payload: unknown,
): Promise<{ status: number; answer: Partial<T> }> {
  const url = `${settings.restBaseUrl.replace(/\/+$/, '')}${path}`;
  const body = JSON.stringify(payload);
  const headers = signedRestHeaders(settings, { method: 'POST', url, body, now: new Date() });
  const response = await http(url, {
    method: 'POST',
    headers: { ...headers, accept: 'application/json' },
    body,
  });
  return { status: response.status, answer: parseRest<T>(response.body) };
}
