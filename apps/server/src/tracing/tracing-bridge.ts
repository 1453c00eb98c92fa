// What the server asks of tracing, without loading OpenTelemetry itself (issue 31 §3.11): the tracing
// preload (preload.ts, run with `node --import`) installs these when OTEL_EXPORTER_OTLP_ENDPOINT is set;
// without it every answer is "no tracing". The preload and the server are separate bundles (dist/tracing.js,
// dist/main.js), each with its own copy of this module, so they meet on one global symbol.

/** What the preload provides once the OpenTelemetry SDK has started. */
export type TracingHandle = {
  /** The trace id of the span active now (the HTTP request's), or undefined outside a traced request. */
  activeTraceId: () => string | undefined;
  /** Exports the spans still buffered and stops the SDK; called once, before the process exits. */
  shutdown: () => Promise<void>;
};

/**
 * Whether the environment asks for tracing: an OTLP endpoint is set and the SDK is not disabled.
 * @param env - the process environment
 */
export function tracingConfigured(env: Record<string, string | undefined>): boolean {
  return (
    Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT) &&
    env.OTEL_SDK_DISABLED?.trim().toLowerCase() !== 'true'
  );
}

const handleKey = Symbol.for('careline.tracing');
type Holder = { [handleKey]?: TracingHandle };

/**
 * Installs the running SDK's handle; only the tracing preload calls it.
 * @param handle - the active trace id and the SDK's shutdown
 */
export function installTracing(handle: TracingHandle): void {
  (globalThis as Holder)[handleKey] = handle;
}

/** Whether the tracing preload started the OpenTelemetry SDK in this process. */
export function tracingStarted(): boolean {
  return (globalThis as Holder)[handleKey] !== undefined;
}

/** The trace id of the request being handled when tracing is on; undefined otherwise. */
export function activeTraceId(): string | undefined {
  return (globalThis as Holder)[handleKey]?.activeTraceId();
}

/** Exports the buffered spans and stops the SDK; resolves at once when tracing is off. */
export async function shutdownTracing(): Promise<void> {
  await (globalThis as Holder)[handleKey]?.shutdown();
}
