// `npm start`: builds the web apps and the server if needed (their sources changed since the last build),
// then runs the built server (JavaScript in apps/server/dist; `npm run dev` runs the sources under tsx).
// NODE_ENV stays as the caller set it; unset means development semantics, so the demo's SMS outbox
// (/dev/sms-outbox) is there for signing in.
import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { ensureServerBuild, serverDistMain, serverDistTracing } from './server-build.mjs';
import { ensureWebBuild, rootDir } from './web-build.mjs';

try {
  ensureWebBuild();
  await ensureServerBuild();
} catch (error) {
  console.error(`[careline] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}

// Stack traces name the TypeScript sources (the bundle's source map). The tracing preload starts
// OpenTelemetry before the server's first import when OTEL_EXPORTER_OTLP_ENDPOINT is set, else does nothing.
const nodeArgs = ['--enable-source-maps', '--import', pathToFileURL(serverDistTracing).href, serverDistMain];
const server = spawn(process.execPath, nodeArgs, {
  cwd: rootDir,
  stdio: 'inherit',
  env: process.env,
});

// Forward Ctrl-C / SIGTERM so the server finishes requests in flight and closes the database.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (server.exitCode === null) {
      server.kill(signal);
    }
  });
}

server.on('error', (error) => {
  console.error(`[careline] could not start the server: ${error.message}`);
  process.exit(1);
});
server.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 128 + (signal === 'SIGINT' ? 2 : 15) : 1));
});
