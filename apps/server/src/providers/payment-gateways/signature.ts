import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * CyberSource Secure Acceptance field signing (spec doc 2 §7 Payment gateways): the data to sign is
 * `name=value` for each name of `signed_field_names`, in that order, joined by ','; the signature is
 * base64(HMAC-SHA256(secret key as UTF-8, data as UTF-8)).
 */

/** The text Secure Acceptance signs for these fields. */
export function dataToSign(fields: Record<string, string>, signedFieldNames: string[]): string {
  return signedFieldNames.map((name) => `${name}=${fields[name] ?? ''}`).join(',');
}

/**
 * Signs fields the way Secure Acceptance does.
 * @param fields - every field by name (the signed ones must be present)
 * @param signedFieldNames - the names to sign, in order (the value of signed_field_names)
 * @param secretKey - the profile's secret key
 */
export function signFields(
  fields: Record<string, string>,
  signedFieldNames: string[],
  secretKey: string,
): string {
  return createHmac('sha256', Buffer.from(secretKey, 'utf8'))
    .update(dataToSign(fields, signedFieldNames), 'utf8')
    .digest('base64');
}

/** The names listed in a signed_field_names value ('' and missing give none). */
export function signedNamesOf(fields: Record<string, string>): string[] {
  const listed = fields.signed_field_names;
  return typeof listed === 'string' && listed !== '' ? listed.split(',') : [];
}

/**
 * Checks a body's signature against its own signed_field_names, in constant time. Refuses a body
 * without signed_field_names or whose list does not sign itself (the list could be cut down unseen),
 * an empty secret, and any listed field that is missing.
 * @param fields - the posted fields, including signed_field_names and signature
 * @param secretKey - the profile's secret key
 */
export function verifyFields(fields: Record<string, string>, secretKey: string): boolean {
  const names = signedNamesOf(fields);
  const sent = fields.signature;
  if (!secretKey || typeof sent !== 'string' || !names.includes('signed_field_names')) {
    return false;
  }
  if (names.some((name) => typeof fields[name] !== 'string')) {
    return false;
  }
  const expected = Buffer.from(signFields(fields, names, secretKey), 'utf8');
  const given = Buffer.from(sent, 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}
