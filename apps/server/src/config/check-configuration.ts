const PREFIX = 'Invalid configuration:\n';

/**
 * Runs every stage's own check of the settings (tenants, SMS, the secret, …) before any of them is
 * used, and throws one error naming every bad key of all of them, instead of one stage at a time.
 * An error that is not a configuration error stops at once, as it would have.
 * Returns each check's result in order, so that a stage's settings are built once.
 * @param checks - each stage's check; it throws 'Invalid configuration:\n  KEY: problem' lines
 */
export function checkConfiguration<T extends readonly unknown[] | []>(checks: { [K in keyof T]: () => T[K] }): T {
  const lines: string[] = [];
  const results: unknown[] = [];
  for (const check of checks) {
    try {
      results.push(check());
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (!message.startsWith(PREFIX)) {
        throw error;
      }
      lines.push(...message.slice(PREFIX.length).split('\n'));
    }
  }
  if (lines.length > 0) {
    throw new Error(`${PREFIX}${lines.join('\n')}`);
  }
  return results as unknown as T;
}

/**
 * A database URL fit for a log line: the password replaced by '***'.
 * @param url - the DATABASE_URL
 */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) {
      parsed.password = '***';
    }
    return parsed.toString();
  } catch {
    return '(not a URL)';
  }
}

/**
 * The start's error when the database cannot be reached: it names DATABASE_URL (without its
 * password) and the driver's reason (ECONNREFUSED, a missing database, a refused login).
 * @param url - the DATABASE_URL
 * @param error - what the driver threw
 */
export function databaseUnreachable(url: string, error: unknown): Error {
  const code = (error as { code?: string } | null)?.code;
  const reason = error instanceof Error ? error.message : String(error);
  return new Error(`${PREFIX}  DATABASE_URL: cannot use ${redactedUrl(url)} (${code ? `${code}: ` : ''}${reason})`);
}
