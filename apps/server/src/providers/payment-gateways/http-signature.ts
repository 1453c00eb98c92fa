import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * CyberSource REST HTTP Signature authentication (as CyberSource documents it): the signing string
 * is the lines `host: …`, `date: …` (RFC 1123), `request-target: post /path`, `digest: SHA-256=…`
 * and `v-c-merchant-id: …`, joined by '\n'; the signature is base64(HMAC-SHA256(base64-decoded shared
 * secret, signing string)), sent as Signature: keyid="…", algorithm="HmacSHA256", headers="…", signature="…".
 */

/** The header names signed, in order, for a request with a body. */
export const SIGNED_HEADERS = 'host date request-target digest v-c-merchant-id';

/** 'SHA-256=' + base64(sha256(body)): the Digest header of a body. */
export function bodyDigest(body: string): string {
  return `SHA-256=${createHash('sha256').update(body, 'utf8').digest('base64')}`;
}

/** The signing string of one request. */
export function signingString(parts: {
  host: string;
  date: string;
  method: string;
  path: string;
  digest: string;
  merchantId: string;
}): string {
  return [
    `host: ${parts.host}`,
    `date: ${parts.date}`,
    `request-target: ${parts.method.toLowerCase()} ${parts.path}`,
    `digest: ${parts.digest}`,
    `v-c-merchant-id: ${parts.merchantId}`,
  ].join('\n');
}

/** base64(HMAC-SHA256(base64-decoded secret, text)). */
export function restSignature(secretBase64: string, text: string): string {
  return createHmac('sha256', Buffer.from(secretBase64, 'base64'))
    .update(text, 'utf8')
    .digest('base64');
}

/**
 * The headers of a signed REST request (host, date, digest, v-c-merchant-id, signature, content-type).
 * @param keys - merchantId, restKeyId, restSecretKey (base64)
 * @param request - method, absolute or local URL, JSON body, and the time of the request
 */
export function signedRestHeaders(
  keys: { merchantId: string; restKeyId: string; restSecretKey: string },
  request: { method: string; url: string; body: string; now: Date },
): Record<string, string> {
  const target = new URL(request.url, 'http://localhost');
  const date = request.now.toUTCString();
  const digest = bodyDigest(request.body);
  const text = signingString({
    host: target.host,
    date,
    method: request.method,
    path: target.pathname + target.search,
    digest,
    merchantId: keys.merchantId,
  });
  return {
    host: target.host,
    date,
    digest,
    'v-c-merchant-id': keys.merchantId,
    'content-type': 'application/json',
    signature: `keyid="${keys.restKeyId}", algorithm="HmacSHA256", headers="${SIGNED_HEADERS}", signature="${restSignature(keys.restSecretKey, text)}"`,
  };
}

/** The parameters of a Signature header (keyid, algorithm, headers, signature), or null when malformed. */
export function parseSignatureHeader(header: string | undefined): Record<string, string> | null {
  if (!header) {
    return null;
  }
  const params: Record<string, string> = {};
  for (const match of header.matchAll(/([a-zA-Z]+)="([^"]*)"/g)) {
    params[match[1]!.toLowerCase()] = match[2]!;
  }
  return params.keyid && params.signature && params.headers && params.algorithm ? params : null;
}

/** Compares two base64 signatures in constant time. */
export function sameSignature(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}
