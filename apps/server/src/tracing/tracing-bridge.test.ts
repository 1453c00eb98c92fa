import { afterEach, describe, expect, it } from 'vitest';
import {
  activeTraceId,
  installTracing,
  shutdownTracing,
  tracingConfigured,
  tracingStarted,
} from './tracing-bridge.ts';

const handleKey = Symbol.for('careline.tracing');

describe('tracingConfigured: whether the preload starts OpenTelemetry', () => {
  it.each([
    [{}, false],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: '' }, false],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, true],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' }, false],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: ' TRUE ' }, false],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'false' }, true],
    // Only the traces' endpoint: the switch is the general one.
    [{ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' }, false],
  ])('%j → %s', (env, expected) => {
    expect(tracingConfigured(env)).toBe(expected);
  });
});

describe('the bridge between the preload and the server', () => {
  afterEach(() => {
    delete (globalThis as { [handleKey]?: unknown })[handleKey];
  });

  it('answers "no tracing" until the preload installs its handle', async () => {
    expect(tracingStarted()).toBe(false);
    expect(activeTraceId()).toBeUndefined();
    await expect(shutdownTracing()).resolves.toBeUndefined();
  });

  it("gives the installed handle's trace id and shutdown", async () => {
    let shutdowns = 0;
    installTracing({
      activeTraceId: () => '4bf92f3577b34da6a3ce929d0e0e4736',
      shutdown: async () => {
        shutdowns += 1;
      },
    });
    expect(tracingStarted()).toBe(true);
    expect(activeTraceId()).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    await shutdownTracing();
    expect(shutdowns).toBe(1);
  });
});
