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
