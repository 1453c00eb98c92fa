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

describe('loadEnv: the OTLP endpoint (issue 31 §3.11)', () => {
  it('is optional and must be a URL, named when it is not', () => {
    expect(loadEnv({}).OTEL_EXPORTER_OTLP_ENDPOINT).toBeUndefined();
    expect(loadEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).OTEL_EXPORTER_OTLP_ENDPOINT).toBe('http://collector:4318');
    expect(() => loadEnv({ OTEL_EXPORTER_OTLP_ENDPOINT: 'the collector' })).toThrow(/OTEL_EXPORTER_OTLP_ENDPOINT/);
  });
});
