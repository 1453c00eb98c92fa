// The tracing preload (issue 31 §3.11): `node --import apps/server/dist/tracing.js apps/server/dist/main.js`,
// as `npm start` runs the server (`npm run dev` imports this source under tsx). With OTEL_EXPORTER_OTLP_ENDPOINT
// set it starts OpenTelemetry's Node SDK with the http, Fastify (@fastify/otel) and pg instrumentations, exporting
// traces over OTLP; unset, it does nothing and loads nothing of OpenTelemetry.
//
// The server is ESM: Node's ESM loader does not go through `require`, so its imports of pg and http are seen only
// by a loader hook (import-in-the-middle), registered here before the server's first import. Every OpenTelemetry
// package is imported dynamically, after the hook: a static import would run before it, and when tracing is off
// nothing is imported at all.
import { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';
import { redactUrl, secretQueryParams } from '../http/redact-url.ts';
import { installTracing, tracingConfigured } from './tracing-bridge.ts';

/** The span attribute carrying the request's correlation id (the x-correlation-id header, app.ts). */
const correlationAttribute = 'careline.correlation_id';
/** Probes and scrapes, every few seconds: no trace each. */
const untracedPaths = new Set(['/livez', '/readyz', '/healthz', '/metrics']);

function pathOf(url: string | undefined): string {
  return (url ?? '/').split('?')[0] ?? '/';
}

async function startTracing(): Promise<void> {
  const { createAddHookMessageChannel } = await import('import-in-the-middle');
  // Only the modules an instrumentation asks for are wrapped (pg, pg-pool, http, https), not every import.
  const { registerOptions, waitForAllMessagesAcknowledged } = createAddHookMessageChannel();
  register('import-in-the-middle/hook.mjs', import.meta.url, registerOptions);

  // Traces only: the metrics are Prometheus's (/metrics) and the logs pino's, unless an operator asks.
  process.env.OTEL_METRICS_EXPORTER ??= 'none';
  process.env.OTEL_LOGS_EXPORTER ??= 'none';
  if (
    !process.env.OTEL_SERVICE_NAME &&
    !/(^|,)\s*service\.name=/.test(process.env.OTEL_RESOURCE_ATTRIBUTES ?? '')
  ) {
    process.env.OTEL_SERVICE_NAME = 'careline';
  }

  const [
    api,
    { NodeSDK },
    { HttpInstrumentation },
    { PgInstrumentation },
    { FastifyOtelInstrumentation },
    { pino },
  ] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
    import('@fastify/otel'),
    import('pino'),
  ]);

  // The SDK's own complaints (an unreachable collector, a bad setting) as JSON lines beside the server's;
  // OTEL_LOG_LEVEL gives the SDK's console logger instead.
  if (!process.env.OTEL_LOG_LEVEL) {
    const log = pino({ name: 'opentelemetry' });
    api.diag.setLogger(
      {
        error: (message, ...args) => log.error({ args }, message),
        warn: (message, ...args) => log.warn({ args }, message),
        info: (message, ...args) => log.info({ args }, message),
        debug: (message, ...args) => log.debug({ args }, message),
        verbose: (message, ...args) => log.trace({ args }, message),
      },
      api.DiagLogLevel.WARN,
    );
  }

  const sdk = new NodeSDK({
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => untracedPaths.has(pathOf(request.url)),
        redactedQueryParamsServer: secretQueryParams,
      }),
      new FastifyOtelInstrumentation({
        // Fastify announces each new instance on a diagnostics channel; no patching of fastify itself.
        registerOnInitialization: true,
        ignorePaths: ({ url }) => untracedPaths.has(pathOf(url)),
        // An error's message can hold a failed query's parameters (patients' data): the span keeps its status only.
        recordExceptions: false,
        // The correlation id app.ts answers with (a client's own, or this trace's id) on the request's span
        // and on its parent, the HTTP server span, still the active one here.
        requestHook: (span, request) => {
          span.setAttribute(correlationAttribute, request.id);
          api.trace.getActiveSpan()?.setAttribute(correlationAttribute, request.id);
          span.setAttribute('url.path', redactUrl(request.url));
        },
      }),
      // Statements as sent (placeholders, never the values: enhancedDatabaseReporting stays off); a query
      // outside a request (the job queue's polling) starts no trace of its own.
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  sdk.start();
  installTracing({
    activeTraceId: () => {
      const spanContext = api.trace.getActiveSpan()?.spanContext();
      return spanContext && api.isSpanContextValid(spanContext) ? spanContext.traceId : undefined;
    },
    shutdown: () => sdk.shutdown(),
  });
  // The loader knows which modules to wrap before the server imports the first of them.
  await waitForAllMessagesAcknowledged();
}

// Worker threads inherit `--import`; the SDK runs once, in the main thread.
if (isMainThread && tracingConfigured(process.env)) {
  await startTracing();
}
