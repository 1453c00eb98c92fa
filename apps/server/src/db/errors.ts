/**
 * The constraint a PostgreSQL unique violation (23505) names, or null for any other error. Looks
 * through the causes drizzle and the drivers wrap errors in.
 * @param error - what a query threw
 */
export function uniqueViolation(error: unknown): string | null {
  for (let current = error, depth = 0; current && depth < 4; depth += 1) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (code === '23505') {
      return typeof constraint === 'string' ? constraint : '';
    }
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}
