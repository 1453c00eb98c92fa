import { describe, expect, it } from 'vitest';
import { checkConfiguration, databaseUnreachable, redactedUrl } from './check-configuration.ts';

const bad = (line: string) => (): never => {
  throw new Error(`Invalid configuration:\n  ${line}`);
};

describe('checkConfiguration', () => {
  it('returns each check result in order, so that the start builds a stage once', () => {
    const built: string[] = [];
    const [registry, secret] = checkConfiguration([
      () => {
        built.push('registry');
        return { tenants: 2 };
      },
      () => {
        built.push('secret');
        return Buffer.from('key');
      },
    ]);
    expect(registry.tenants).toBe(2);
    expect(secret.toString()).toBe('key');
    expect(built).toEqual(['registry', 'secret']);
  });

  it('names every bad key of every stage in one error', () => {
    expect(() => checkConfiguration([bad('TENANTS: not JSON'), () => 1, bad('SMS_PROVIDER: unknown')])).toThrow(
      'Invalid configuration:\n  TENANTS: not JSON\n  SMS_PROVIDER: unknown',
    );
  });

  it('stops at once on an error that is not about configuration', () => {
    let reached = false;
    expect(() =>
      checkConfiguration([
        () => {
          throw new Error('disk full');
        },
        () => {
          reached = true;
        },
      ]),
    ).toThrow('disk full');
    expect(reached).toBe(false);
  });
});

describe('redactedUrl and databaseUnreachable', () => {
  it('never prints the password of DATABASE_URL', () => {
    const url = 'postgres://careline:s3cret@db.internal:5432/careline';
    expect(redactedUrl(url)).toBe('postgres://careline:***@db.internal:5432/careline');
    const error = databaseUnreachable(url, Object.assign(new Error('connect refused'), { code: 'ECONNREFUSED' }));
    expect(error.message).not.toContain('s3cret');
    expect(error.message).toContain('ECONNREFUSED: connect refused');
  });
});
