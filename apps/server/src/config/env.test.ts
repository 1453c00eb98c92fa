import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.ts';

describe('loadEnv: defaults that hang on NODE_ENV', () => {
  it('seeds the demo hospital group outside production by default', () => {
    expect(loadEnv({}).SEED_DEMO).toBe(true);
    expect(loadEnv({ NODE_ENV: 'development' }).SEED_DEMO).toBe(true);
    expect(loadEnv({ NODE_ENV: 'test' }).SEED_DEMO).toBe(true);
  });

  it('creates nothing demo in production unless SEED_DEMO asks for it (issue 31 §1.1)', () => {
    expect(loadEnv({ NODE_ENV: 'production' }).SEED_DEMO).toBe(false);
    expect(loadEnv({ NODE_ENV: 'production', SEED_DEMO: 'true' }).SEED_DEMO).toBe(true);
    expect(loadEnv({ NODE_ENV: 'development', SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
  });
});
