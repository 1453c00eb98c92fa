import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/*
 * Saved cards' gateway tokens at rest (issue 9 §2): sealed with AES-256-GCM under a key derived from
 * the app secret, with the merchant account the card was saved through.
 */

/** The token is encrypted at rest with AES-256-GCM under a key derived from the app secret (HKDF). */
function tokenKey(appSecret: Buffer): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, Buffer.alloc(0), 'careline payment token v1', 32));
}

/**
 * Encrypts a gateway payment token for the payment_methods table: 'v1.' + base64(iv | tag | data),
 * or with the merchant account it was saved through (issue 9 §2: a token is only valid at that
 * merchant) 'v2.' + the same over the JSON { merchantId, token }.
 * @param appSecret - providers.appSecret
 * @param token - the gateway's token
 * @param merchantId - the CyberSource merchant id of the hospital whose form saved the card
 */
export function sealPaymentToken(appSecret: Buffer, token: string, merchantId?: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', tokenKey(appSecret), iv);
  const plain = merchantId === undefined ? token : JSON.stringify({ merchantId, token });
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${merchantId === undefined ? 'v1' : 'v2'}.${Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64')}`;
}

/**
 * Decrypts a saved card sealed by {@link sealPaymentToken}: the token and the merchant it was
 * saved through (null for a 'v1.' one, saved before hospitals had their own merchants); throws when
 * it was altered.
 * @param appSecret - providers.appSecret
 * @param sealed - the stored value
 */
export function openSavedCardToken(appSecret: Buffer, sealed: string): { token: string; merchantId: string | null } {
  const version = sealed.slice(0, 3);
  if (version !== 'v1.' && version !== 'v2.') {
    throw new Error('unknown payment token format');
  }
  const bytes = Buffer.from(sealed.slice(3), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', tokenKey(appSecret), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  const plain = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  if (version === 'v1.') {
    return { token: plain, merchantId: null };
  }
  const parsed = JSON.parse(plain) as { merchantId?: unknown; token?: unknown };
  if (typeof parsed.merchantId !== 'string' || typeof parsed.token !== 'string') {
    throw new Error('unknown payment token format');
  }
  return { token: parsed.token, merchantId: parsed.merchantId };
}

/**
 * Decrypts a token sealed by {@link sealPaymentToken}; throws when it was altered.
 * @param appSecret - providers.appSecret
 * @param sealed - the stored value
 */
export function openPaymentToken(appSecret: Buffer, sealed: string): string {
  return openSavedCardToken(appSecret, sealed).token;
}
