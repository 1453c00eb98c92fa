import type { FastifyRequest } from 'fastify';
import type { CyberSourceSettings } from '../gateway.ts';
import { bodyDigest, parseSignatureHeader, restSignature, sameSignature, SIGNED_HEADERS, signingString } from '../http-signature.ts';
import { REST_CLOCK_SKEW_MS } from './cybersource-sandbox.protocol.ts';
import type { CyberSourceSandbox } from './cybersource-sandbox.state.ts';

/* The REST API's caller (issue 9 §4): the profile whose HTTP Signature key signed the request. */

/** The REST caller's profile when its HTTP Signature verifies, else null. */
export function restProfile(
  sandbox: CyberSourceSandbox,request: FastifyRequest, rawBody: string): CyberSourceSettings | null {
  const header = (name: string): string | undefined => {
    const value = request.headers[name];
    return typeof value === 'string' ? value : undefined;
  };
  const params = parseSignatureHeader(header('signature'));
  const [host, date, digest, merchantId] = [
    header('host'),
    header('date'),
    header('digest'),
    header('v-c-merchant-id'),
  ];
  if (
    !params ||
    params.algorithm !== 'HmacSHA256' ||
    params.headers !== SIGNED_HEADERS ||
    !host ||
    !date ||
    !digest ||
    !merchantId
  ) {
    return null;
  }
  const sentAt = Date.parse(date);
  if (
    digest !== bodyDigest(rawBody) ||
    Number.isNaN(sentAt) ||
    Math.abs(Date.now() - sentAt) > REST_CLOCK_SKEW_MS
  ) {
    return null;
  }
  const text = signingString({
    host,
    date,
    method: request.method,
    path: request.url,
    digest,
    merchantId,
  });
  return (
    sandbox.profiles().find(
      (profile) =>
        profile.restKeyId === params.keyid &&
        profile.merchantId === merchantId &&
        profile.restSecretKey !== '' &&
        sameSignature(restSignature(profile.restSecretKey, text), params.signature!),
    ) ?? null
  );
}
