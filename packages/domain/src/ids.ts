/**
 * The shape of every id the server hands out (a UUID, any version, either case). Without the g
 * flag, so one shared pattern keeps no lastIndex between tests.
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a value has the shape of an id (a UUID).
 * @param value - what a request carried
 */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

/**
 * A short digest (FNV-1a, 2 x 32 bits), so that a device names whose data an entry is without
 * storing the account's id in the clear.
 * @param text - what to digest
 */
export function digestOf(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    a = Math.imul(a ^ code, 0x01000193) >>> 0;
    b = Math.imul(b ^ code, 0x5bd1e995) >>> 0;
  }
  return `${a.toString(16).padStart(8, '0')}${b.toString(16).padStart(8, '0')}`;
}

/**
 * How the app names the account whose offline data and server-written screens these are (issue 32
 * §4.7, issue 33 §1): the digest of its id, the same for every token of that account.
 * @param accountId - the account's id
 */
export function accountOwner(accountId: string): string {
  return digestOf(`account:${accountId}`);
}
