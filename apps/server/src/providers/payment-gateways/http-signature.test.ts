import { describe, expect, it } from 'vitest';
import { bodyDigest, parseSignatureHeader, signedRestHeaders } from './http-signature.ts';

// Expected values computed outside our code with openssl:
// printf '%s' '{"a":1}' | openssl dgst -sha256 -binary | base64
// printf 'host: …\ndate: …\nrequest-target: …\ndigest: …\nv-c-merchant-id: testrest' |
//   openssl dgst -sha256 -mac HMAC -macopt hexkey:<hex of 'secret-key'> -binary | base64
const DIGEST = 'SHA-256=AVq9f1zFei3ZS3WQ8ErYCEJzkF7jPsXOvq5iJ2qX+GI=';
const SIGNATURE = 'kNeta5k0iCnUCWXgXt42ArGsZ+vXURxd3f3jCLQ+s0E=';

describe('CyberSource REST HTTP Signature', () => {
  it('signs host, date, request-target, digest and merchant id with the base64-decoded secret', () => {
    const headers = signedRestHeaders(
      {
        merchantId: 'testrest',
        restKeyId: 'key-1',
        restSecretKey: Buffer.from('secret-key').toString('base64'),
      },
      {
        method: 'POST',
        url: 'https://apitest.cybersource.com/pts/v2/payments',
        body: '{"a":1}',
        now: new Date('2026-11-24T04:47:01Z'),
      },
    );
    expect(bodyDigest('{"a":1}')).toBe(DIGEST);
    expect(headers).toMatchObject({
      host: 'apitest.cybersource.com',
      date: 'Tue, 24 Nov 2026 04:47:01 GMT',
      digest: DIGEST,
      'v-c-merchant-id': 'testrest',
    });
    expect(headers.signature).toBe(
      `keyid="key-1", algorithm="HmacSHA256", headers="host date request-target digest v-c-merchant-id", signature="${SIGNATURE}"`,
    );
    expect(parseSignatureHeader(headers.signature)).toEqual({
      keyid: 'key-1',
      algorithm: 'HmacSHA256',
      headers: 'host date request-target digest v-c-merchant-id',
      signature: SIGNATURE,
    });
  });

  it('signs a local URL with its path and the local host', () => {
    const headers = signedRestHeaders(
      { merchantId: 'm', restKeyId: 'k', restSecretKey: 'c2VjcmV0' },
      { method: 'POST', url: '/sandbox/cybersource/pts/v2/payments', body: '{}', now: new Date() },
    );
    expect(headers.host).toBe('localhost');
  });

  it('refuses a malformed Signature header', () => {
    expect(parseSignatureHeader(undefined)).toBeNull();
    expect(parseSignatureHeader('keyid="k", signature="s"')).toBeNull();
  });
});
